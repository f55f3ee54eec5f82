import { connect, type Socket } from 'node:net';

/**
 * A minimal Marionette client (Firefox's own remote protocol) over TCP: length-prefixed JSON,
 * `LEN:[0, id, "Command", params]` out, `LEN:[1, id, error, result]` back. The suite needs it for
 * two things only: to open the one WebDriver session Firefox allows (with `webSocketUrl`, so BiDi
 * drives the same session), and for the browser window's chrome context on Firefoxes whose BiDi
 * has no chrome scope (ESR 140).
 */

type Pending = { command: string; resolve: (value: unknown) => void; reject: (error: Error) => void };
type MarionetteError = { error?: string; message?: string } | null;

export class Marionette {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private buffer = Buffer.alloc(0);
  private greeted: Promise<void>;
  private closed: Error | null = null;

  private constructor(private readonly socket: Socket) {
    let greet: () => void = () => undefined;
    this.greeted = new Promise((resolve) => {
      greet = resolve;
    });
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (let packet = this.takePacket(); packet !== null; packet = this.takePacket()) {
        const message = JSON.parse(packet) as unknown;
        // The first packet is the greeting ({applicationType, marionetteProtocol}), not an answer.
        if (!Array.isArray(message)) greet();
        else this.receive(message as [number, number, MarionetteError, unknown]);
      }
    });
    const fail = (error: Error) => {
      this.closed = error;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    socket.on('error', (error) => fail(new Error(`Marionette: ${error.message}`)));
    socket.on('close', () => fail(new Error('The Marionette connection to Firefox closed.')));
  }

  static async connect(port: number): Promise<Marionette> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('error', (error) =>
        reject(new Error(`Could not connect to Marionette on ${port}: ${error.message}`)),
      );
    });
    const client = new Marionette(socket);
    await client.greeted;
    return client;
  }

  send<T = unknown>(command: string, params: object = {}): Promise<T> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    const body = Buffer.from(JSON.stringify([0, id, command, params]));
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { command, resolve: resolve as (value: unknown) => void, reject });
      this.socket.write(`${body.length}:`);
      this.socket.write(body);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  /** One whole `LEN:json` packet off the front of the buffer, or null when it has not all come. */
  private takePacket(): string | null {
    const colon = this.buffer.indexOf(0x3a);
    if (colon < 0) return null;
    const length = Number(this.buffer.subarray(0, colon).toString());
    if (this.buffer.length < colon + 1 + length) return null;
    const packet = this.buffer.subarray(colon + 1, colon + 1 + length).toString();
    this.buffer = this.buffer.subarray(colon + 1 + length);
    return packet;
  }

  private receive([, id, error, result]: [number, number, MarionetteError, unknown]): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if (error) pending.reject(new Error(`${pending.command}: ${error.error} ${error.message ?? ''}`.trim()));
    else pending.resolve(result);
  }
}
