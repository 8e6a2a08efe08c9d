import { DEFAULT_SEARCH_COUNT } from '@medplum/core';
import type { Bundle } from '@medplum/fhirtypes';

/** Adds absolute `self`, `next` and `previous` links to a searchset (the engine returns none). */
export function addPagingLinks(
  bundle: Bundle,
  options: { fhirBaseUrl: string; resourceType: string; query: URLSearchParams },
): Bundle {
  const count = Number(options.query.get('_count') ?? DEFAULT_SEARCH_COUNT) || DEFAULT_SEARCH_COUNT;
  const offset = Number(options.query.get('_offset') ?? 0) || 0;
  const pageUrl = (pageOffset: number): string => {
    const params = new URLSearchParams(options.query);
    params.set('_count', String(count));
    params.set('_offset', String(pageOffset));
    return `${options.fhirBaseUrl}/${options.resourceType}?${params.toString()}`;
  };
  const link: NonNullable<Bundle['link']> = [{ relation: 'self', url: pageUrl(offset) }];
  const returned = bundle.entry?.filter((entry) => entry.search?.mode !== 'include').length ?? 0;
  const hasMore = bundle.total === undefined ? returned >= count : offset + count < bundle.total;
  if (hasMore && count > 0) link.push({ relation: 'next', url: pageUrl(offset + count) });
  if (offset > 0) link.push({ relation: 'previous', url: pageUrl(Math.max(0, offset - count)) });
  return { ...bundle, link };
}
