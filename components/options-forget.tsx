import { useLayoutEffect, useRef } from 'preact/hooks';
import { type MessageKey, t } from '../lib/platform/i18n';

/** The words of the step: "Forget key" for a key, "Sign out" for a sign-in. */
export interface ForgetWords {
  ask: MessageKey;
  question: MessageKey;
  confirm: MessageKey;
  busy: MessageKey;
}

const FORGET_KEY: ForgetWords = {
  ask: 'optionsForget',
  question: 'optionsForgetQuestion',
  confirm: 'optionsForgetConfirm',
  busy: 'optionsForgetting',
};

/**
 * "Forget key" with an inline confirm step (no window.confirm): focus goes to the safe choice,
 * Escape cancels, and focus returns to the button that opened it.
 */
export function OptionsForget(props: {
  confirming: boolean;
  forgetting: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  words?: ForgetWords;
}) {
  const words = props.words ?? FORGET_KEY;
  const askButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  // A layout effect, so focus has moved before the next key press is handled (an effect waits for
  // a frame, and a quick Tab or Enter would land on the old focus).
  useLayoutEffect(() => {
    if (props.confirming) keepButton.current?.focus();
    else if (wasConfirming.current) askButton.current?.focus();
    wasConfirming.current = props.confirming;
  }, [props.confirming]);

  if (!props.confirming) {
    return (
      <button ref={askButton} type="button" class="danger" onClick={props.onAsk}>
        {t(words.ask)}
      </button>
    );
  }
  return (
    <fieldset
      class="confirm"
      onKeyDown={(event) => {
        // Escape anywhere in the confirm step cancels it.
        if (event.key === 'Escape') props.onCancel();
      }}
    >
      <legend>{t(words.question)}</legend>
      <button
        type="button"
        class="danger"
        onClick={props.onConfirm}
        aria-disabled={props.forgetting ? 'true' : undefined}
      >
        {props.forgetting ? t(words.busy) : t(words.confirm)}
      </button>
      <button ref={keepButton} type="button" onClick={props.onCancel}>
        {t('optionsForgetCancel')}
      </button>
    </fieldset>
  );
}
