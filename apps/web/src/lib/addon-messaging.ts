import {
  INBOUND_ADDON_MESSAGE_TYPES,
  inboundAddonMessage,
  outboundAddonMessage,
  type InboundAddonMessage,
  type InboundAddonMessageType,
  type OutboundAddonMessage,
} from '@cairn/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { ADDON_ORIGIN_STORAGE_KEY, parseAddonOrigin, readAddonOrigin } from './addon-origin';
import type { Logger } from './logger';

export { ADDON_ORIGIN_STORAGE_KEY, parseAddonOrigin, readAddonOrigin } from './addon-origin';

/**
 * Messaging with an EHR add-on that frames Cairn (spec §4 "Add-on messaging", §5): messages are
 * accepted only from the origin named by the `addonOrigin` query parameter, and sent only to it.
 */

export type AddonMessageOf<T extends InboundAddonMessageType> = Extract<InboundAddonMessage, { type: T }>;

/** One handler per inbound message type; a type without a handler is accepted and dropped. */
export type AddonHandlers = { [T in InboundAddonMessageType]?: (message: AddonMessageOf<T>) => void };

export type AddonLogger = Pick<Logger, 'warn' | 'debug'>;

export interface ListenOptions {
  origin: string;
  window?: Window;
  logger: AddonLogger;
}

function dispatch(handlers: AddonHandlers, message: InboundAddonMessage): void {
  // The union is narrowed by `type`; TypeScript cannot correlate the handler with it.
  const handler = handlers[message.type] as ((message: InboundAddonMessage) => void) | undefined;
  handler?.(message);
}

/**
 * Calls the handler of each message posted from `origin` that is a valid add-on message. Anything
 * else is ignored and logged without its payload (it may carry patient data). Returns the unsubscriber.
 */
export function listenToAddon(handlers: AddonHandlers, options: ListenOptions): () => void {
  const target = options.window ?? window;
  const { logger } = options;
  const onMessage = (event: MessageEvent<unknown>) => {
    if (event.origin !== options.origin) {
      // Debug only: browser extensions and dev tools post to every page all the time.
      logger.debug('Add-on message ignored: not from the add-on origin', { origin: event.origin });
      return;
    }
    const parsed = inboundAddonMessage.safeParse(event.data);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.'));
      logger.warn('Add-on message ignored: malformed', { fields });
      return;
    }
    dispatch(handlers, parsed.data);
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}

type WithoutDestination<T> = T extends unknown ? Omit<T, 'destination'> : never;
export type OutboundAddonMessageInput = WithoutDestination<OutboundAddonMessage>;

export interface PostOptions {
  /** Defaults to the origin remembered for the session. */
  origin?: string;
  window?: Window;
}

/**
 * Posts a message to the parent frame, marked `to-addon`, addressed to the add-on's origin only (never
 * '*': the frame's parent might have navigated elsewhere). False when there is no add-on to tell.
 */
export function postToAddon(message: OutboundAddonMessageInput, options: PostOptions = {}): boolean {
  const self = options.window ?? window;
  const origin = options.origin ?? parseAddonOrigin(self.sessionStorage.getItem(ADDON_ORIGIN_STORAGE_KEY));
  if (!origin || self.parent === self) return false;
  const outbound = outboundAddonMessage.parse({ ...message, destination: 'to-addon' });
  self.parent.postMessage(outbound, origin);
  return true;
}

/**
 * Listens to the add-on for as long as the component is mounted, with the latest handlers. Nothing is
 * listened to when no add-on origin was given. `search` is the current query (the router's; defaults
 * to the window's). Returns the origin.
 */
export function useAddonMessages(
  handlers: AddonHandlers,
  options: { logger: AddonLogger; search?: string },
): string | undefined {
  const search = options.search ?? window.location.search;
  // Reading stores a new origin: an idempotent write, so done during render to listen at once.
  const origin = useMemo(() => readAddonOrigin({ search }), [search]);
  const latest = useRef({ handlers, logger: options.logger });
  useEffect(() => {
    latest.current = { handlers, logger: options.logger };
  });
  useEffect(() => {
    if (!origin) return undefined;
    const forward = Object.fromEntries(
      INBOUND_ADDON_MESSAGE_TYPES.map((type) => [
        type,
        (message: InboundAddonMessage) => {
          dispatch(latest.current.handlers, message);
        },
      ]),
    ) as AddonHandlers;
    const logger: AddonLogger = {
      warn: (message, extras) => latest.current.logger.warn(message, extras),
      debug: (message, extras) => latest.current.logger.debug(message, extras),
    };
    return listenToAddon(forward, { origin, logger });
  }, [origin]);
  return origin;
}
