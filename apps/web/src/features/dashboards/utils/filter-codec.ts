/**
 * One filter's reading from and writing to the URL's search params. Reading is tolerant: a value it
 * cannot read (an unknown option, a malformed month, a hand-edited link) gives the default, never an
 * error, so a shared or stale link always opens the dashboard.
 */
export interface FilterParam<T> {
  readonly defaultValue: T;
  /** Every value the URL holds under the filter's key (a key may repeat: `?clinic=a&clinic=b`). */
  parse(values: readonly string[]): T;
  /** The values to write under the key; the codec leaves the key out when they are the default's. */
  serialise(value: T): string[];
}

/** A dashboard's filters as URL search params: one key per filter, defaults left out so links stay short. */
export interface FilterCodec<T> {
  /** The search params' keys the filters own; other keys of the URL are left as they are. */
  readonly keys: readonly string[];
  readonly defaults: T;
  parse(params: URLSearchParams): T;
  serialise(filters: T): URLSearchParams;
}

/**
 * A codec from one param per filter, each filter's key its name:
 * `filterCodec({ clinicIds: listParam(), grouping: enumParam(['month', 'clinic'], 'month') })`.
 * Define it once per page, outside the component: `useUrlFilters` reads the URL again when it changes.
 */
export function filterCodec<T extends object>(fields: { [K in keyof T]: FilterParam<T[K]> }): FilterCodec<T> {
  const entries = Object.entries(fields) as [keyof T & string, FilterParam<unknown>][];
  const defaults = Object.fromEntries(entries.map(([key, param]) => [key, param.defaultValue])) as T;
  return {
    keys: entries.map(([key]) => key),
    defaults,
    parse(params) {
      const filters = { ...defaults };
      for (const [key, param] of entries) {
        const values = params.getAll(key);
        if (values.length === 0) continue;
        try {
          filters[key] = param.parse(values) as T[typeof key];
        } catch {
          // A param that throws on junk still must not take the page down: its default stands.
        }
      }
      return filters;
    },
    serialise(filters) {
      const params = new URLSearchParams();
      for (const [key, param] of entries) {
        const values = param.serialise(filters[key]);
        if (values.join('\n') === param.serialise(param.defaultValue).join('\n')) continue;
        for (const value of values) params.append(key, value);
      }
      return params;
    },
  };
}

/** Past this length a value is not one a dashboard wrote: it is ignored. */
const MAX_LENGTH = 200;
/** A list longer than this is cut (a URL has room for about 2,000 characters in every browser). */
const MAX_ITEMS = 100;

const firstOf = (values: readonly string[]): string => values[0]?.trim() ?? '';

export interface StringParamOptions {
  /** The value's whole form, e.g. a UUID; anything else reads as no value. */
  pattern?: RegExp;
}

/** Free text or an id (`?providerId=`): undefined when absent, empty, too long or not of the pattern. */
export function stringParam({ pattern }: StringParamOptions = {}): FilterParam<string | undefined> {
  return {
    defaultValue: undefined,
    parse: (values) => {
      const value = firstOf(values);
      if (value === '' || value.length > MAX_LENGTH) return undefined;
      return pattern && !pattern.test(value) ? undefined : value;
    },
    serialise: (value) => (value === undefined || value === '' ? [] : [value]),
  };
}

/**
 * Ids or codes chosen together (`?clinicIds=a,b`, or the key repeated): read in their order, without
 * duplicates or blanks, each of the pattern if one is given; written comma separated. Not for free text:
 * a comma inside a value would split it.
 */
export function listParam({ pattern }: StringParamOptions = {}): FilterParam<string[]> {
  return {
    defaultValue: [],
    parse: (values) => {
      const items = values.flatMap((value) => value.split(',')).map((item) => item.trim());
      const kept = items.filter((item) => item !== '' && item.length <= MAX_LENGTH && (!pattern || pattern.test(item)));
      return [...new Set(kept)].slice(0, MAX_ITEMS);
    },
    serialise: (value) => (value.length === 0 ? [] : [value.join(',')]),
  };
}

/** One of a closed set of options (`?grouping=clinic`); anything else is the default. */
export function enumParam<const Option extends string>(
  options: readonly Option[],
  defaultValue: NoInfer<Option>,
): FilterParam<Option> {
  return {
    defaultValue,
    parse: (values) => options.find((option) => option === firstOf(values)) ?? defaultValue,
    serialise: (value) => [value],
  };
}

/** Options of a closed set chosen together (`?categories=inpatient,pharmacy`); unknown ones are dropped. */
export function enumListParam<const Option extends string>(options: readonly Option[]): FilterParam<Option[]> {
  const list = listParam();
  return {
    defaultValue: [],
    parse: (values) => list.parse(values).flatMap((item) => options.filter((option) => option === item)),
    serialise: (value) => list.serialise(value),
  };
}

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar month, `YYYY-MM` (`?from=2026-01`); no default unless given. */
export function monthParam(): FilterParam<string | undefined>;
export function monthParam(defaultValue: string): FilterParam<string>;
export function monthParam(defaultValue?: string): FilterParam<string | undefined> {
  return {
    defaultValue,
    parse: (values) => {
      const value = firstOf(values);
      return MONTH_PATTERN.test(value) ? value : defaultValue;
    },
    serialise: (value) => (value === undefined ? [] : [value]),
  };
}

/** True for a real calendar day (no 2026-02-30). */
function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day, `YYYY-MM-DD` (`?dischargedAfter=2026-03-01`); no default unless given. */
export function dateParam(): FilterParam<string | undefined>;
export function dateParam(defaultValue: string): FilterParam<string>;
export function dateParam(defaultValue?: string): FilterParam<string | undefined> {
  return {
    defaultValue,
    parse: (values) => {
      const value = firstOf(values);
      return isCalendarDate(value) ? value : defaultValue;
    },
    serialise: (value) => (value === undefined ? [] : [value]),
  };
}

export interface IntegerParamOptions {
  min?: number;
  max?: number;
}

/** A whole number within bounds (`?page=2`, `?top=10`); anything else, or out of bounds, is the default. */
export function integerParam(
  defaultValue: number,
  { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER }: IntegerParamOptions = {},
): FilterParam<number> {
  return {
    defaultValue,
    parse: (values) => {
      const value = firstOf(values);
      if (!/^-?\d{1,15}$/.test(value)) return defaultValue;
      const number = Number(value);
      return number >= min && number <= max ? number : defaultValue;
    },
    serialise: (value) => [String(value)],
  };
}

/** A switch (`?withoutFollowUp=true`): `true`/`1` or `false`/`0`; anything else is the default. */
export function booleanParam(defaultValue = false): FilterParam<boolean> {
  return {
    defaultValue,
    parse: (values) => {
      const value = firstOf(values).toLowerCase();
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return defaultValue;
    },
    serialise: (value) => [String(value)],
  };
}
