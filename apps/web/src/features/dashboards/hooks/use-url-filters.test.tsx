import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { enumParam, filterCodec, listParam, monthParam } from '../utils/filter-codec';
import { useUrlFilters } from './use-url-filters';

const codec = filterCodec({
  clinicIds: listParam(),
  grouping: enumParam(['month', 'clinic', 'provider'], 'month'),
  from: monthParam('2025-04'),
});

function renderFilters(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ ...useUrlFilters(codec), location: useLocation(), navigationType: useNavigationType() }), {
    wrapper,
  });
}

describe('useUrlFilters', () => {
  it('reads the filters from the URL, the defaults for what is missing or junk', () => {
    const { result } = renderFilters('/analytics?grouping=clinic&from=2026-99&clinicIds=north,south');
    expect(result.current.filters).toEqual({ clinicIds: ['north', 'south'], grouping: 'clinic', from: '2025-04' });
    expect(result.current.isDefault).toBe(false);
  });

  it('writes a user’s change as a new history entry, keeping the params it does not own', () => {
    const { result } = renderFilters('/analytics?tab=usage&grouping=clinic');
    act(() => result.current.setFilters({ from: '2026-01' }));
    expect(result.current.navigationType).toBe('PUSH');
    expect(result.current.location.pathname).toBe('/analytics');
    expect(new URLSearchParams(result.current.location.search).toString()).toBe(
      'tab=usage&grouping=clinic&from=2026-01',
    );
    expect(result.current.filters).toEqual({ clinicIds: [], grouping: 'clinic', from: '2026-01' });
  });

  it('replaces the history entry when asked, and leaves defaults out of the URL', () => {
    const { result } = renderFilters('/analytics?grouping=clinic&clinicIds=north');
    act(() => result.current.setFilters((current) => ({ ...current, grouping: 'month' }), { replace: true }));
    expect(result.current.navigationType).toBe('REPLACE');
    expect(result.current.location.search).toBe('?clinicIds=north');
  });

  it('adds no history entry for a change that writes what the URL holds', () => {
    const { result } = renderFilters('/analytics?clinicIds=north');
    const before = result.current.location.key;
    act(() => result.current.setFilters({ clinicIds: ['north'] }));
    expect(result.current.location.key).toBe(before);
  });

  it('writes the canonical form over junk, and resets to the defaults', () => {
    const { result } = renderFilters('/analytics?grouping=nonsense&keep=1');
    act(() => result.current.setFilters({ grouping: 'month' }));
    expect(result.current.location.search).toBe('?keep=1');
    act(() => result.current.setFilters({ grouping: 'provider', clinicIds: ['a', 'b'] }));
    expect(result.current.isDefault).toBe(false);
    act(() => result.current.resetFilters());
    expect(result.current.location.search).toBe('?keep=1');
    expect(result.current.isDefault).toBe(true);
  });

  it('keeps the same filters object while the URL does not change', () => {
    const { result, rerender } = renderFilters('/analytics?grouping=clinic');
    const first = result.current.filters;
    rerender();
    expect(result.current.filters).toBe(first);
  });
});
