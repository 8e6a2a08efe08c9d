import { createRealtimeTicket, type RealtimeClientMessage, type RealtimeServerMessage } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { callForResult, signIn, type Credentials } from '../../testing/api';

/** A real websocket client of `/ws`, as a browser tab holds one, for the server tests. */
export interface RealtimeTestClient {
  send(message: RealtimeClientMessage): void;
  /** The next message not read yet (waits up to `timeoutMs`). */
  next(timeoutMs?: number): Promise<RealtimeServerMessage>;
  /** Messages received and not read yet. */
  unread(): RealtimeServerMessage[];
  /** The close code and reason, once closed. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export async function connectRealtime(baseUrl: string, ticket: string): Promise<RealtimeTestClient> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
  const received: RealtimeServerMessage[] = [];
  const waiters: ((message: RealtimeServerMessage) => void)[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as RealtimeServerMessage;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else received.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    send: (message) => socket.send(JSON.stringify(message)),
    next(timeoutMs = 5000) {
      const message = received.shift();
      if (message) return Promise.resolve(message);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(onMessage), 1);
          reject(new Error('no realtime message within the time'));
        }, timeoutMs);
        const onMessage = (next: RealtimeServerMessage) => {
          clearTimeout(timer);
          resolve(next);
        };
        waiters.push(onMessage);
      });
    },
    unread: () => [...received],
    closed,
    close: () => socket.close(),
  };
}

/** Signs a user in on `app` and answers a real-time ticket of theirs. */
export async function issueTicket(app: FastifyInstance, user: Credentials): Promise<string> {
  const { token } = await signIn(app, user);
  return (await callForResult(app, createRealtimeTicket, { token })).ticket;
}
