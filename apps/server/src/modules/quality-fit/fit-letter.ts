import { isPrintableInLetter, type FitLanguage, type FitLetter, type FitMergeFieldName } from '@cairn/contracts';
import { addDays } from './fit-access';

/** Who a letter goes to, and from whom, as the merge fields read them. */
export interface LetterRecipient {
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`. */
  dateOfBirth: string;
  /** One line: street, city, state and postal code. */
  address: string | null;
  mrn: string | null;
  providerName: string | null;
  clinicName: string | null;
}

export interface LetterSetting {
  organisationName: string;
  language: FitLanguage;
  /** The day the letters are mailed (`{{today}}`). */
  mailedOn: string;
  returnByDays: number;
}

/** A patient no one is, for previews: long enough values that a template fitting with them fits with any. */
export const SAMPLE_RECIPIENT: LetterRecipient = {
  firstName: 'Alexandra',
  lastName: 'Sample-Whitfield',
  dateOfBirth: '1964-04-12',
  address: '1200 North Riverside Boulevard Apartment 14B, Springfield, IL 62701-1234',
  mrn: 'SAMPLE-000001',
  providerName: 'Jordan Lee, MD',
  clinicName: 'Riverside Family Medicine',
};

const MERGE_FIELD = /\{\{([^{}]*)\}\}/g;

/** A date in the letter's language: `November 28, 2026`, `28 de noviembre de 2026`. */
function longDate(day: string, language: FitLanguage): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** A date of birth in the letter's language, with the full year: `04/12/1964`, `12/04/1964`. */
function numericDate(day: string, language: FitLanguage): string {
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * What the letters' standard font cannot print (a name from another script) is written without its
 * accents where that makes it printable, else as `?`, so that a letter is always made.
 */
export function printable(text: string): string {
  return Array.from(text.replace(/\t/g, ' '), (character) => {
    if (isPrintableInLetter(character)) return character;
    const plain = character.normalize('NFKD').replace(/\p{M}/gu, '');
    return plain !== '' && Array.from(plain).every(isPrintableInLetter) ? plain : '?';
  }).join('');
}

/** The address on one line as lines of an address block: the street, then the city, state and postal code. */
export function addressLines(address: string | null): string[] {
  if (!address?.trim()) return [];
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 3) return [parts.join(', ')];
  return [...parts.slice(0, -2), parts.slice(-2).join(', ')];
}

/** Each merge field's value for one letter; a value the record lacks is left empty. */
export function mergeValues(recipient: LetterRecipient, setting: LetterSetting): Record<FitMergeFieldName, string> {
  return {
    'patient.firstName': recipient.firstName,
    'patient.lastName': recipient.lastName,
    'patient.fullName': `${recipient.firstName} ${recipient.lastName}`.trim(),
    'patient.dateOfBirth': numericDate(recipient.dateOfBirth, setting.language),
    'patient.address': recipient.address ?? '',
    'patient.mrn': recipient.mrn ?? '',
    'provider.name': recipient.providerName ?? '',
    'clinic.name': recipient.clinicName ?? setting.organisationName,
    'organisation.name': setting.organisationName,
    today: longDate(setting.mailedOn, setting.language),
    returnBy: longDate(addDays(setting.mailedOn, setting.returnByDays), setting.language),
  };
}

/** One letter: the template's body with its merge fields filled, and the blocks around it. */
export function mergeLetter(body: string, recipient: LetterRecipient, setting: LetterSetting): FitLetter {
  const values: Record<string, string> = mergeValues(recipient, setting);
  const merged = body.replace(MERGE_FIELD, (_field, name: string) => values[name.trim()] ?? '');
  const clinic = recipient.clinicName;
  return {
    returnAddress: [setting.organisationName, ...(clinic && clinic !== setting.organisationName ? [clinic] : [])].map(
      printable,
    ),
    date: values.today ?? '',
    addressBlock: [`${recipient.firstName} ${recipient.lastName}`.trim(), ...addressLines(recipient.address)].map(
      printable,
    ),
    body: printable(merged.replace(/\r\n?/g, '\n')),
  };
}
