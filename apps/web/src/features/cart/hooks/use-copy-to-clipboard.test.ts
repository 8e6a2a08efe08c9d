import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_SUCCESS_MS, useCopyToClipboard } from './use-copy-to-clipboard';

// jsdom has no clipboard: the browser's API stands in as a spy.
const writeText = vi.fn<(text: string) => Promise<void>>();
beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.useRealTimers());

describe('useCopyToClipboard', () => {
  it('says the text was copied for three seconds (spec §9)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => useCopyToClipboard());

    await act(() => result.current.copy('Assessment'));
    expect(writeText).toHaveBeenCalledWith('Assessment');
    expect(result.current.isCopied).toBe(true);

    act(() => {
      vi.advanceTimersByTime(COPY_SUCCESS_MS - 1);
    });
    expect(result.current.isCopied).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.isCopied).toBe(false);
  });

  it('answers false when the browser refuses to copy', async () => {
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const { result } = renderHook(() => useCopyToClipboard());
    let isCopied = true;
    await act(async () => {
      isCopied = await result.current.copy('Assessment');
    });
    expect(isCopied).toBe(false);
    expect(result.current.isCopied).toBe(false);
  });
});
