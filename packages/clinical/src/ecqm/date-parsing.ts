/**
 * Makes cql-execution parse each date-time string once. cql-exec-fhir turns every FHIR date and dateTime
 * it reads into a CQL DateTime with `DateTime.parse`, which checks the string against Luxon's formats
 * (`DateTime.fromFormat` for each candidate): on a five-year record, parsing was about a tenth of the
 * engine's time, for a few hundred distinct strings read again and again. The parsed value of a string
 * is kept (up to 100,000 strings, then forgotten at once) and each call answers a copy of it, so no
 * caller shares a DateTime with another. The same values, whatever is asked.
 *
 * `DateTime` is the class of cql-execution 3.3.2 (pinned) that cql-exec-fhir reads too: replacing its
 * static `parse` changes it for every use of cql-execution in this process, once.
 */
import { DateTime } from 'cql-execution';

const MAX_REMEMBERED = 100_000;
let installed = false;

/** Installs the remembered parse (see the module comment); later calls do nothing. */
export function rememberDateParsing(): void {
  if (installed) return;
  const parse = DateTime.parse.bind(DateTime);
  const parsed = new Map<string, DateTime | null>();
  DateTime.parse = (text: unknown): DateTime | null => {
    if (typeof text !== 'string') return parse(text);
    let value = parsed.get(text);
    if (value === undefined) {
      if (parsed.size >= MAX_REMEMBERED) parsed.clear();
      value = parse(text);
      parsed.set(text, value);
    }
    return value === null ? null : value.copy();
  };
  installed = true;
}
