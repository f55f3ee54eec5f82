/** Waits one turn of the event loop, so every answer already given (and what it sets off) has landed. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
