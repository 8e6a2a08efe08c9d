import type { RealtimeClientMessage, RealtimeServerMessage } from '@cairn/contracts';

/**
 * A stand-in for the browser's WebSocket in jsdom tests: the test plays the server (`open`, `receive`,
 * `drop`) and reads what the client sent.
 */
export class FakeWebSocket extends EventTarget {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  readonly sent: RealtimeClientMessage[] = [];

  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no websocket was opened');
    return socket;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as RealtimeClientMessage);
  }

  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }

  /** The server accepted the connection. */
  open(): void {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }

  /** The server sent a message. */
  receive(message: RealtimeServerMessage): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The connection was lost (or the server closed it). */
  drop(): void {
    this.close();
  }
}
