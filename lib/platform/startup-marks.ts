/**
 * Performance marks of the service worker's start-up (`hogmark:<name>`, on the worker's own clock),
 * which scripts/bench-popup.ts reads after stopping the worker. Test builds only: `enabled` false
 * makes every mark a no-op.
 */
export function startupMarks(enabled: boolean) {
  const mark = (name: string): void => {
    if (enabled) performance.mark(`hogmark:${name}`);
  };
  /** The handler, marking `name` when its first answer is ready. */
  mark.firstAnswer = <Input, Output>(name: string, handler: (input: Input) => Promise<Output>) => {
    let first = true;
    return async (input: Input): Promise<Output> => {
      const answer = await handler(input);
      if (first) mark(name);
      first = false;
      return answer;
    };
  };
  return mark;
}
