import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, result } from '../testing/answer-api';
import {
  reportTiming,
  startTimingReports,
  stopTimingReports,
  TIMING_REPORT_DEBOUNCE_MS,
  usePageTiming,
  type TimingMark,
} from './page-timing';

afterEach(() => {
  stopTimingReports();
  vi.useRealTimers();
});

function TimedPage({ isLoaded }: { isLoaded: boolean }) {
  usePageTiming('schedule', isLoaded);
  return null;
}

describe('page timings', () => {
  it('sends nothing until the app starts the reports', () => {
    vi.useFakeTimers();
    const sent: TimingMark[] = [];
    reportTiming({ page: 'schedule', mark: 'load', ms: 10 });
    startTimingReports((mark) => sent.push(mark));
    vi.advanceTimersByTime(TIMING_REPORT_DEBOUNCE_MS);
    expect(sent).toEqual([]);
  });

  it('waits 1000 ms after the last mark and sends each page and mark once, with its latest time', () => {
    vi.useFakeTimers();
    const sent: TimingMark[] = [];
    startTimingReports((mark) => sent.push(mark));
    reportTiming({ page: 'schedule', mark: 'load', ms: 900 });
    vi.advanceTimersByTime(600);
    reportTiming({ page: 'schedule', mark: 'load', ms: 400 });
    reportTiming({ page: 'portrait', mark: 'dx-summary', ms: 700 });
    vi.advanceTimersByTime(TIMING_REPORT_DEBOUNCE_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      { page: 'schedule', mark: 'load', ms: 400 },
      { page: 'portrait', mark: 'dx-summary', ms: 700 },
    ]);
  });

  it('marks a page once, when its data first shows', () => {
    vi.useFakeTimers();
    const sent: TimingMark[] = [];
    startTimingReports((mark) => sent.push(mark));
    const { rerender } = render(<TimedPage isLoaded={false} />);
    rerender(<TimedPage isLoaded />);
    rerender(<TimedPage isLoaded={false} />);
    rerender(<TimedPage isLoaded />);
    act(() => {
      vi.advanceTimersByTime(TIMING_REPORT_DEBOUNCE_MS);
    });
    expect(sent).toEqual([{ page: 'schedule', mark: 'load', ms: expect.any(Number) }]);
  });

  it("sends a mark as a SlownessOptimization event to Cairn's analytics endpoint", async () => {
    const stub = answerApi({ '/trackAnalyticsEvent': () => result(true) });
    startTimingReports();
    reportTiming({ page: 'quality', mark: 'load', ms: 321 });
    await vi.waitFor(() => expect(stub.callsTo('/trackAnalyticsEvent')).toHaveLength(1), { timeout: 3000 });
    expect(stub.callsTo('/trackAnalyticsEvent')[0]?.body).toEqual({
      name: 'SlownessOptimization',
      properties: { page: 'quality', mark: 'load', ms: 321 },
    });
  });
});
