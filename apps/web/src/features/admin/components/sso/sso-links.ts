import { paths, withQuery } from '../../../../config/paths';

/** The Single sign-on section, or one of its providers (`provider`: an id, or `new`). */
export function ssoSectionHref(query: { provider?: string } = {}): string {
  return withQuery(paths.adminSection.href({ section: 'sso' }), query);
}
