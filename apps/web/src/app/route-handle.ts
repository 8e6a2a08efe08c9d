import { useMatches } from 'react-router';

/** What a route tells its layout: the page title shown in the header. */
export interface RouteHandle {
  title?: string;
}

/** The title of the deepest route that has one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const title = (matches[index]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}
