import { trackAnalyticsEvent } from '@cairn/contracts';
import { useEffect, useRef, useState } from 'react';
import { api } from './api';

/**
 * The SlownessOptimization timing marks (spec §7, §9 "timing report debounced 1000 ms"): how long a
 * page took from its start to its main data on screen, sent to Cairn's own analytics endpoint (no
 * third-party tracker) and shown on /analytics as p50 and p95 by page and day. A mark carries the page's
 * name, the mark's and the milliseconds: never a patient, a visit or an id.
 */

/** Marks wait this long after the last one before they are sent (spec §9). */
export const TIMING_REPORT_DEBOUNCE_MS = 1000;

export interface TimingMark {
  /** The page (`schedule`, `portrait`, `quality`, `analytics`). */
  page: string;
  /** What finished (`load`, `dx-summary`); `load` when the page has one mark. */
  mark: string;
  ms: number;
}

type Send = (mark: TimingMark) => void;

const sendToAnalytics: Send = ({ page, mark, ms }) => {
  api
    .call(trackAnalyticsEvent, { name: 'SlownessOptimization', properties: { page, mark, ms } })
    .catch(() => undefined);
};

/** Until the app starts the reports (main.tsx), marks are dropped: tests and previews send none. */
let send: Send | undefined;
const pending = new Map<string, TimingMark>();
let timer: ReturnType<typeof setTimeout> | undefined;
/** The document's first page is timed from the navigation's start: its script loading is part of its wait. */
let isFirstPage = true;

/** Starts sending the marks (the app's entry), or with `sender` sends them elsewhere (tests). */
export function startTimingReports(sender: Send = sendToAnalytics): void {
  send = sender;
}

/** Stops sending and drops what waits (tests). */
export function stopTimingReports(): void {
  send = undefined;
  pending.clear();
  clearTimeout(timer);
  isFirstPage = true;
}

/**
 * Queues a mark; the marks go once none has come for {@link TIMING_REPORT_DEBOUNCE_MS}. A page marked
 * again before then (a refetch, a quick revisit) is sent once, with its latest time.
 */
export function reportTiming(mark: TimingMark): void {
  if (!send) return;
  pending.set(`${mark.page}\n${mark.mark}`, mark);
  clearTimeout(timer);
  timer = setTimeout(() => {
    const marks = [...pending.values()];
    pending.clear();
    for (const each of marks) send?.(each);
  }, TIMING_REPORT_DEBOUNCE_MS);
}

/**
 * Marks the time from the page's start (its first render; the navigation's start for the document's
 * first page) to `isLoaded` first being true, once per mount.
 */
export function usePageTiming(page: string, isLoaded: boolean, mark = 'load'): void {
  const [startedAt] = useState(() => {
    const start = isFirstPage ? 0 : performance.now();
    isFirstPage = false;
    return start;
  });
  const isReported = useRef(false);
  useEffect(() => {
    if (!isLoaded || isReported.current) return;
    isReported.current = true;
    reportTiming({ page, mark, ms: Math.round(performance.now() - startedAt) });
  }, [isLoaded, page, mark, startedAt]);
}
