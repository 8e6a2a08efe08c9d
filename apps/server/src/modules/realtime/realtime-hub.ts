import type { RealtimeServerMessage } from '@cairn/contracts';
import type { Db } from '../../db/client';
import type { BusMessage, EventBus } from '../../plugins/event-bus';
import {
  findKeptEventRange,
  listVisitEventsAfter,
  readVisitSnapshot,
  type StoredVisitEvent,
} from './realtime.repository';

/** The bus channel of visit events; the message names the visit, the browser's copy is read from the table. */
export const VISIT_EVENTS_CHANNEL = 'realtime.visit';

/** More missed events than this are not replayed: the browser reloads the visit instead. */
const MAX_REPLAY = 500;

/** One websocket's end of a subscription. */
export interface VisitSubscriber {
  send(message: RealtimeServerMessage): void;
}

export interface VisitSubscription {
  organisationId: string;
  appointmentId: string;
  /** The last event id the browser saw; absent when it has just loaded the visit. */
  lastEventId?: number | undefined;
}

/**
 * This process's subscribers, by visit. Everything that happens to one visit (a subscription's replay,
 * a bus message) runs in that visit's queue, one thing after another, and each subscriber remembers the
 * last id it was sent: an event is never sent twice, nor after a newer one, across replay and live.
 * A bus message only says "visit X has news"; the news is read from the table after the last id sent,
 * which also picks up anything a lost bus message carried.
 */
export interface VisitHub {
  subscribe(subscriber: VisitSubscriber, subscription: VisitSubscription): Promise<void>;
  unsubscribe(subscriber: VisitSubscriber, appointmentId: string): void;
  /** The bus message of a stored event. */
  notify(message: { organisationId: string; appointmentId: string; id: number }): Promise<void>;
  close(): Promise<void>;
}

interface VisitChannel {
  organisationId: string;
  /** Subscriber -> the last event id sent to it. */
  subscribers: Map<VisitSubscriber, number>;
  queue: Promise<void>;
  /** Tasks queued and not finished: a visit is forgotten only when it has neither these nor subscribers. */
  pending: number;
}

function toEventMessage(stored: StoredVisitEvent): RealtimeServerMessage {
  return {
    type: 'event',
    id: stored.id,
    sid: stored.appointmentId,
    at: stored.createdAt.toISOString(),
    event: stored.event,
  };
}

export function createVisitHub(db: Db, bus: EventBus): VisitHub {
  const channels = new Map<string, VisitChannel>();
  let listening: Promise<() => void> | undefined;

  function enqueue(appointmentId: string, organisationId: string, task: (channel: VisitChannel) => Promise<void>) {
    let channel = channels.get(appointmentId);
    if (!channel) {
      channel = { organisationId, subscribers: new Map(), queue: Promise.resolve(), pending: 0 };
      channels.set(appointmentId, channel);
    }
    const current = channel;
    current.pending += 1;
    current.queue = current.queue
      .then(() => task(current))
      .catch(() => undefined)
      .finally(() => {
        current.pending -= 1;
        forgetIfIdle(appointmentId, current);
      });
    return current.queue;
  }

  function forgetIfIdle(appointmentId: string, channel: VisitChannel): void {
    if (channel.subscribers.size === 0 && channel.pending === 0 && channels.get(appointmentId) === channel) {
      channels.delete(appointmentId);
    }
  }

  async function deliverNew(appointmentId: string, channel: VisitChannel): Promise<void> {
    if (channel.subscribers.size === 0) return;
    const afterId = Math.min(...channel.subscribers.values());
    const stored = await listVisitEventsAfter(db, {
      organisationId: channel.organisationId,
      appointmentId,
      afterId,
      limit: 10_000,
    });
    for (const [subscriber, lastSent] of channel.subscribers) {
      for (const event of stored) if (event.id > lastSent) subscriber.send(toEventMessage(event));
      channel.subscribers.set(subscriber, Math.max(lastSent, stored.at(-1)?.id ?? lastSent));
    }
  }

  /** A browser's last id is outdated when events after it were pruned, or it is not from this database. */
  async function isOutdated(lastEventId: number): Promise<boolean> {
    const kept = await findKeptEventRange(db);
    if (!kept) return lastEventId > 0;
    return lastEventId + 1 < kept.oldest || lastEventId > kept.newest;
  }

  async function replay(subscriber: VisitSubscriber, subscription: VisitSubscription, channel: VisitChannel) {
    const { organisationId, appointmentId, lastEventId } = subscription;
    const isResync = lastEventId !== undefined && (await isOutdated(lastEventId));
    const snapshot = await readVisitSnapshot(db, {
      organisationId,
      appointmentId,
      afterId: isResync ? undefined : lastEventId,
      limit: MAX_REPLAY + 1,
    });
    if (isResync || snapshot.missed.length > MAX_REPLAY) subscriber.send({ type: 'resync', sid: appointmentId });
    else for (const event of snapshot.missed) subscriber.send(toEventMessage(event));
    channel.subscribers.set(subscriber, snapshot.cursor);
    subscriber.send({ type: 'subscribed', sid: appointmentId, lastEventId: snapshot.cursor });
  }

  function onBusMessage(message: BusMessage): void {
    if (message.resync === true) {
      for (const [appointmentId, channel] of channels) {
        void enqueue(appointmentId, channel.organisationId, (current) => deliverNew(appointmentId, current));
      }
      return;
    }
    const { appointmentId } = message;
    if (typeof appointmentId !== 'string') return;
    const channel = channels.get(appointmentId);
    if (channel) void enqueue(appointmentId, channel.organisationId, (current) => deliverNew(appointmentId, current));
  }

  /** Listening before the first replay: an event stored after the replay's read is announced to us. */
  function listen(): Promise<unknown> {
    listening ??= bus.subscribe(VISIT_EVENTS_CHANNEL, onBusMessage).catch((error: unknown) => {
      listening = undefined;
      throw error;
    });
    return listening;
  }

  return {
    async subscribe(subscriber, subscription) {
      await listen();
      const { appointmentId, organisationId } = subscription;
      channels.get(appointmentId)?.subscribers.delete(subscriber);
      // The queue swallows failures; the subscriber's own replay reports its failure to the socket.
      let replayed: Promise<void> | undefined;
      await enqueue(appointmentId, organisationId, (channel) => (replayed = replay(subscriber, subscription, channel)));
      await replayed;
    },
    unsubscribe(subscriber, appointmentId) {
      const channel = channels.get(appointmentId);
      if (!channel) return;
      channel.subscribers.delete(subscriber);
      forgetIfIdle(appointmentId, channel);
    },
    async notify(message) {
      await bus.publish(VISIT_EVENTS_CHANNEL, message);
    },
    async close() {
      const stop = await listening?.catch(() => undefined);
      stop?.();
      channels.clear();
    },
  };
}
