import type { Ref } from 'preact';

/**
 * A time typed where the player's position cannot be read (`90`, `1:30`, `01:02:03`): the sentence
 * that says why it is asked, its label, the field and, when there is one, the error that replaces
 * the sentence as the field's description. The link's "Start at" and the note's "Note at" are this.
 */
export function TypedTimeField(props: {
  id: string;
  class: string;
  why: string;
  label: string;
  value: string;
  error: string | null;
  onInput: (value: string) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  inputRef?: Ref<HTMLInputElement>;
  whyId: string;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div class={props.class}>
      <p id={props.whyId} class="muted small">
        {props.why}
      </p>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        ref={props.inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellcheck={false}
        placeholder="mm:ss"
        value={props.value}
        aria-describedby={props.error ? errorId : props.whyId}
        aria-invalid={props.error ? 'true' : undefined}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        onKeyDown={props.onKeyDown}
      />
      {props.error ? (
        <p id={errorId} class="field-error error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
