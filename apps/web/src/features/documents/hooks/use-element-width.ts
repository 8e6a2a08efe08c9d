import { useCallback, useState } from 'react';

/** A ref callback and the width of the element it is attached to, following resizes. */
export function useElementWidth(): [(element: HTMLElement | null) => void, number | undefined] {
  const [width, setWidth] = useState<number | undefined>(undefined);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    setWidth(element.clientWidth || undefined);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width || undefined));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
