import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FilterCodec } from '../utils/filter-codec';

export interface SetFiltersOptions {
  /**
   * Replace the history entry rather than add one. A user's change adds one (Back returns to the
   * filters before it); a correction the page makes itself (a month range put in order) replaces.
   */
  replace?: boolean;
}

export interface UrlFilters<T> {
  /** The filters the URL holds, the defaults where it holds none or junk; the same object until the URL changes. */
  filters: T;
  /** Changes some filters (the others stay), or all of them from the current ones. */
  setFilters: (change: Partial<T> | ((current: T) => T), options?: SetFiltersOptions) => void;
  /** Back to the defaults: the filters' keys leave the URL. */
  resetFilters: (options?: SetFiltersOptions) => void;
  /** No filter differs from its default (a "Clear filters" button has nothing to do). */
  isDefault: boolean;
}

/** The codec's keys as the URL holds them, in order, for comparing with what would be written. */
function ownedParams(params: URLSearchParams, keys: readonly string[]): string {
  return new URLSearchParams([...params].filter(([key]) => keys.includes(key))).toString();
}

/**
 * A dashboard's filters kept in the URL's search params, so that a link, a reload and Back show the
 * same numbers. The codec (from `filterCodec`, defined outside the component) reads them tolerantly and
 * writes only what differs from the defaults; params the codec does not own (a tab, a drawer) are kept.
 * A change that writes what the URL already holds adds no history entry.
 */
export function useUrlFilters<T extends object>(codec: FilterCodec<T>): UrlFilters<T> {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => codec.parse(searchParams), [codec, searchParams]);
  const isDefault = useMemo(() => ownedParams(searchParams, codec.keys) === '', [codec, searchParams]);

  const write = useCallback(
    (next: T, { replace = false }: SetFiltersOptions = {}) => {
      const written = codec.serialise(next);
      if (written.toString() === ownedParams(searchParams, codec.keys)) return;
      const params = new URLSearchParams([...searchParams].filter(([key]) => !codec.keys.includes(key)));
      for (const [key, value] of written) params.append(key, value);
      // A filter changes the numbers, not the place on the page: the scroll position stays.
      setSearchParams(params, { replace, preventScrollReset: true });
    },
    [codec, searchParams, setSearchParams],
  );

  const setFilters = useCallback(
    (change: Partial<T> | ((current: T) => T), options?: SetFiltersOptions) =>
      write(typeof change === 'function' ? change(filters) : { ...filters, ...change }, options),
    [filters, write],
  );
  const resetFilters = useCallback((options?: SetFiltersOptions) => write(codec.defaults, options), [codec, write]);

  return { filters, setFilters, resetFilters, isDefault };
}
