import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscribeToVisit, type VisitUpdate } from '../../lib/realtime';

/**
 * Calls `onEvent` with each change of the visit while the component is mounted (the latest `onEvent`,
 * without subscribing again when it changes). A `resync` update means changes were missed: reload.
 */
export function useVisitEvents(sid: string | undefined, onEvent: (update: VisitUpdate) => void): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    if (!sid) return undefined;
    return subscribeToVisit(sid, (update) => latest.current(update));
  }, [sid]);
}

/**
 * Marks the given queries stale (and refetches the ones on screen) on any change of the visit, so that
 * what another person did appears without a reload. Events carry no clinical text: the data is reloaded.
 */
export function useInvalidateOnVisitEvents(sid: string | undefined, queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  useVisitEvents(sid, () => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  });
}
