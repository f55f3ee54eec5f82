/** The hint and the error under a field; `describedBy(id)` names them for `aria-describedby`. */
export function FieldMessages(props: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {props.hint ? (
        <p id={`${props.id}-hint`} class="hint muted">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} class="field-error error" role="alert">
          {props.error}
        </p>
      ) : null}
    </>
  );
}

export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
