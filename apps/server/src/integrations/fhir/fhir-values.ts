import type { CodeableConcept, Coding, HumanName } from './fhir-types';

/** A resource that cannot be imported, with the reason reported to the caller (never patient data). */
export class MappingError extends Error {
  override name = 'MappingError';
}

/**
 * The calendar date of a FHIR date or dateTime as written (no time-zone shift); partial dates get day
 * 1. A date that does not exist (2019-02-30) is no date: the database would refuse the whole bundle.
 */
export function dateOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2] ?? '1'), Number(match[3] ?? '1')];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== day) return undefined;
  return `${match[1] ?? ''}-${match[2] ?? '01'}-${match[3] ?? '01'}`;
}

/** A finite number, or null (a malformed value must not reach a numeric column). */
export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function requireDate(value: unknown, field: string): string {
  const date = dateOf(value);
  if (!date) throw new MappingError(`missing or invalid ${field}`);
  return date;
}

export function codingsOf(concept: CodeableConcept | undefined): Coding[] {
  return (concept?.coding ?? []).filter((coding) => typeof coding.code === 'string');
}

export function codeIn(concept: CodeableConcept | undefined, system: string): string | undefined {
  return codingsOf(concept).find((coding) => coding.system === system)?.code;
}

export function firstCode(concept: CodeableConcept | undefined): string | undefined {
  return codingsOf(concept)[0]?.code;
}

export function firstOfConcepts(concepts: CodeableConcept[] | undefined): string | undefined {
  for (const concept of concepts ?? []) {
    const code = firstCode(concept);
    if (code) return code;
  }
  return undefined;
}

/** What a person would read: the concept's text, else the first coding's display, else its code. */
export function displayOf(concept: CodeableConcept | undefined): string | undefined {
  if (concept?.text) return concept.text;
  const codings = codingsOf(concept);
  return codings.find((coding) => coding.display)?.display ?? codings[0]?.code;
}

export function storedCodings(
  concept: CodeableConcept | undefined,
): { system?: string; code?: string; display?: string }[] {
  return codingsOf(concept).map(({ system, code, display }) => ({ system, code, display }));
}

/** ICD-10-CM as Cairn stores it: upper case, no dot. */
export function normaliseIcd(code: string): string {
  return code.replace(/\./g, '').trim().toUpperCase();
}

export function officialName(names: HumanName[] | undefined): HumanName | undefined {
  return names?.find((name) => name.use === 'official') ?? names?.[0];
}

export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
