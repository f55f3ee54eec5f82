/**
 * A minimal WebDriver BiDi client over Node's built-in WebSocket: commands by id, events by name.
 * Only what the Firefox suite uses; every error answer becomes a thrown Error naming the command.
 */

type Pending = { method: string; resolve: (value: unknown) => void; reject: (error: Error) => void };
export type BidiEvent = { method: string; params: Record<string, unknown> };

export class Bidi {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(event: BidiEvent) => void>();
  private closed: Error | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (message) => this.receive(String(message.data)));
    socket.addEventListener('close', () => {
      this.closed = new Error('The WebDriver BiDi connection to Firefox closed.');
      for (const pending of this.pending.values()) pending.reject(this.closed);
      this.pending.clear();
    });
  }

  static async connect(url: string): Promise<Bidi> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`Could not connect to ${url}`)), {
        once: true,
      });
    });
    return new Bidi(socket);
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}): Promise<T> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Calls `listener` with every event until the returned function is called. */
  on(listener: (event: BidiEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.socket.close();
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as {
      id?: number;
      type?: string;
      result?: unknown;
      error?: string;
      message?: string;
      method?: string;
      params?: Record<string, unknown>;
    };
    if (message.id !== undefined && this.pending.has(message.id)) {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === 'error') {
        pending?.reject(new Error(`${pending.method}: ${message.error} ${message.message ?? ''}`.trim()));
      } else {
        pending?.resolve(message.result);
      }
      return;
    }
    if (message.type === 'event' && message.method) {
      const event = { method: message.method, params: message.params ?? {} };
      for (const listener of this.listeners) listener(event);
    }
  }
}
