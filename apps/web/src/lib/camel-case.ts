/**
 * Response keys are converted to camelCase, except keys with spaces or with three or more dashes
 * in a row, which are labels rather than field names (spec §3).
 */
export function toCamelCaseKey(key: string): string {
  if (key.includes(' ') || /-{3,}/.test(key)) return key;
  return key.replace(/(?<=[A-Za-z0-9])[_-]+([A-Za-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

type CamelCaseString<S extends string> = S extends `${string} ${string}` | `${string}---${string}`
  ? S
  : S extends `${infer Head}_${infer Tail}`
    ? `${Head}${Capitalize<CamelCaseString<Tail>>}`
    : S extends `${infer Head}-${infer Tail}`
      ? `${Head}${Capitalize<CamelCaseString<Tail>>}`
      : S;

/** The type of a value after `camelCaseKeys`. */
export type CamelCased<T> = T extends readonly (infer Item)[]
  ? CamelCased<Item>[]
  : T extends Record<string, unknown>
    ? { [K in keyof T as K extends string ? CamelCaseString<K> : K]: CamelCased<T[K]> }
    : T;

export function camelCaseKeys<T>(value: T): CamelCased<T> {
  return convert(value) as CamelCased<T>;
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [toCamelCaseKey(key), convert(item)]));
}
