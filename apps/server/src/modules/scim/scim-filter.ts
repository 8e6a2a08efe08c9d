import { ScimError } from './scim-error';

/** The attributes an identity provider filters on, as Cairn compares them. */
export type ScimFilterAttribute = 'userName' | 'externalId' | 'displayName' | 'email' | 'id';

/** One `attribute eq "value"` comparison; a filter is one or more of them joined by `and`. */
export interface ScimComparison {
  attribute: ScimFilterAttribute;
  value: string;
}

const ATTRIBUTES: Record<string, ScimFilterAttribute> = {
  username: 'userName',
  externalid: 'externalId',
  displayname: 'displayName',
  id: 'id',
  'emails.value': 'email',
  'emails[type eq "work"].value': 'email',
  emails: 'email',
};

// `attribute eq "value"`: attribute names are case-insensitive (RFC 7643 §2.1), the value a JSON string.
const COMPARISON = /^\s*([A-Za-z][\w.]*(?:\[\s*type\s+eq\s+"work"\s*\]\.value)?)\s+eq\s+("(?:[^"\\]|\\.)*")\s*/i;
const AND = /^and\s+/i;

/**
 * Parses the filters identity providers send (Okta: `userName eq "x"`; Entra ID: `userName eq "x"`,
 * `externalId eq "x"`, `displayName eq "x"`; both may join them with `and`). Anything else is refused
 * with 400 `invalidFilter`, as RFC 7644 §3.4.2.2 lets a service provider do for filters it does not support.
 */
export function parseScimFilter(filter: string, allowed: readonly ScimFilterAttribute[]): ScimComparison[] {
  const comparisons: ScimComparison[] = [];
  let rest = filter.trim();
  while (rest.length > 0) {
    const match = COMPARISON.exec(rest);
    if (!match?.[1] || !match[2]) throw invalidFilter();
    const name = match[1].toLowerCase().replace(/\s+/g, ' ').replace('[ ', '[').replace(' ]', ']');
    const attribute = ATTRIBUTES[name];
    if (!attribute || !allowed.includes(attribute)) throw invalidFilter();
    comparisons.push({ attribute, value: readJsonString(match[2]) });
    rest = rest.slice(match[0].length);
    if (rest.length === 0) break;
    const and = AND.exec(rest);
    if (!and) throw invalidFilter();
    rest = rest.slice(and[0].length);
    if (rest.length === 0) throw invalidFilter();
  }
  return comparisons;
}

function readJsonString(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    throw invalidFilter();
  }
}

/** The filter itself is not echoed: it may hold a person's name or email. */
function invalidFilter(): ScimError {
  return new ScimError(
    400,
    'Unsupported filter: Cairn supports attribute eq "value" (userName, externalId, displayName, emails), joined by and.',
    'invalidFilter',
  );
}
