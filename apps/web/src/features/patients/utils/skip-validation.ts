/**
 * Spec §2: the `skipValidation` query parameter asks the server to open a visit it would refuse (a
 * cancelled visit, a deceased patient). The server honours it for admins only.
 */
export function readSkipValidation(
  search: string = typeof window === 'undefined' ? '' : window.location.search,
): boolean {
  const value = new URLSearchParams(search).get('skipValidation');
  return value === 'true' || value === '1';
}
