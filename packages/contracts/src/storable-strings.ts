import { z } from 'zod';

/**
 * A NUL character or a lone UTF-16 surrogate. PostgreSQL's text types refuse NUL, and a lone
 * surrogate has no UTF-8 encoding, so either one in a query parameter fails the statement (a 500
 * before these were refused). With the `u` flag, `\p{Cs}` matches only surrogates that are not part
 * of a pair.
 */
const UNSTORABLE_CHARACTER = /[\0\p{Cs}]/u;

export const UNSTORABLE_STRING_MESSAGE = 'Contains a character that cannot be stored (NUL or a lone surrogate)';
export const UNSTORABLE_KEY_MESSAGE = 'A key contains a character that cannot be stored (NUL or a lone surrogate)';

/** Where an unstorable string was found, and whether it is a value or an object's key (the path is then its object). */
export interface UnstorableString {
  path: PropertyKey[];
  isKey: boolean;
}

/** Whether a string holds a NUL character or a lone surrogate. */
export function isUnstorableString(value: string): boolean {
  return UNSTORABLE_CHARACTER.test(value);
}

/** A place in the value: its key and its parent's place (paths are built only for what is found). */
interface Place {
  key: PropertyKey;
  parent: Place | undefined;
}

function pathOf(place: Place | undefined): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at = place; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Every string in a JSON-like value (object keys included) that PostgreSQL cannot store, up to
 * `limit`. The walk uses its own stack, not recursion: a body nested 100,000 deep (JSON.parse takes
 * it) must not overflow the call stack. Values other than plain objects and arrays are not entered.
 */
export function findUnstorableStrings(value: unknown, limit = 20): UnstorableString[] {
  const found: UnstorableString[] = [];
  const pending: { value: unknown; place: Place | undefined }[] = [{ value, place: undefined }];
  const seen = new WeakSet<object>();
  while (pending.length > 0 && found.length < limit) {
    const next = pending.pop();
    if (!next) break;
    if (typeof next.value === 'string') {
      if (isUnstorableString(next.value)) found.push({ path: pathOf(next.place), isKey: false });
      continue;
    }
    if (!isWalkable(next.value) || seen.has(next.value)) continue;
    seen.add(next.value);
    const entries = Array.isArray(next.value) ? next.value.entries() : Object.entries(next.value);
    const children: { value: unknown; place: Place }[] = [];
    for (const [key, child] of entries) {
      if (typeof key === 'string' && isUnstorableString(key)) found.push({ path: pathOf(next.place), isKey: true });
      else children.push({ value: child, place: { key, parent: next.place } });
    }
    // Reversed onto the stack, so that an object's fields are reported in their order (its keys first).
    pending.push(...children.reverse());
  }
  return found.slice(0, limit);
}

function isWalkable(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Zod skips a refinement once another issue was found, unless it says when to run. */
const RUN_ALWAYS = { when: (): boolean => true };

/**
 * The schema, refusing any string anywhere in the value (keys of records, items of arrays, the
 * payloads of `z.unknown()` fields) that PostgreSQL cannot store: one issue per string, at its path.
 * The check runs even when other fields failed, so that every bad field is named at once, and it adds
 * nothing to the schema's JSON Schema. `defineEndpoint` applies it to every endpoint's body.
 */
export function refuseUnstorableStrings<T extends z.ZodType>(schema: T): T {
  return schema.check(
    z.superRefine((value, context) => {
      for (const { path, isKey } of findUnstorableStrings(value)) {
        context.addIssue({
          code: 'custom',
          message: isKey ? UNSTORABLE_KEY_MESSAGE : UNSTORABLE_STRING_MESSAGE,
          path,
          input: undefined,
        });
      }
    }, RUN_ALWAYS),
  );
}
