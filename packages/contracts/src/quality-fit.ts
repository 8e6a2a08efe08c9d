import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { qualityPatient } from './quality';

/**
 * FIT outreach for colorectal screening (issue 19, CMS130; spec §2 /quality-fit, /quality-fit/add-template,
 * /quality-fit-templates): mailed-letter templates with merge fields. The Quality Workspace's rule applies
 * (spec §6: quality_tool, and the OrganizationQuality configuration unless admin). The kits, batches and
 * results are in `quality-fit-kits.ts`.
 */

const tags = ['quality'];
const id = z.guid();
const isoDate = z.iso.date('A date written YYYY-MM-DD');
const isoDateTime = z.iso.datetime({ offset: true });

/** The merge fields a letter may hold, written `{{name}}`, and what each becomes. */
export const FIT_MERGE_FIELDS = [
  { name: 'patient.firstName', description: "The patient's first name" },
  { name: 'patient.lastName', description: "The patient's last name" },
  { name: 'patient.fullName', description: "The patient's first and last name" },
  { name: 'patient.dateOfBirth', description: "The patient's date of birth" },
  { name: 'patient.address', description: "The patient's mailing address, on one line" },
  { name: 'patient.mrn', description: "The patient's medical record number" },
  { name: 'provider.name', description: "The patient's primary care provider" },
  { name: 'clinic.name', description: "The primary care provider's clinic" },
  { name: 'organisation.name', description: 'Your organisation' },
  { name: 'today', description: 'The day the letters are mailed' },
  { name: 'returnBy', description: 'The day the kit is asked back by (mailed day + return-by days)' },
] as const;
export type FitMergeFieldName = (typeof FIT_MERGE_FIELDS)[number]['name'];

/** The languages a letter is written in; its dates are written in it. The letters' font prints Latin script. */
export const FIT_LANGUAGES = [
  { tag: 'en', label: 'English' },
  { tag: 'es', label: 'Spanish' },
  { tag: 'fr', label: 'French' },
  { tag: 'pt', label: 'Portuguese' },
  { tag: 'it', label: 'Italian' },
  { tag: 'de', label: 'German' },
] as const;
export type FitLanguage = (typeof FIT_LANGUAGES)[number]['tag'];
const fitLanguage = z.enum(FIT_LANGUAGES.map((language) => language.tag) as [FitLanguage, ...FitLanguage[]]);

/** A letter's body holds at most this many characters (one page, the font shrinking to fit). */
export const FIT_LETTER_BODY_MAX = 4000;

const MERGE_FIELD = /\{\{([^{}]*)\}\}/g;
const KNOWN_FIELDS: ReadonlySet<string> = new Set(FIT_MERGE_FIELDS.map((field) => field.name));

/**
 * Windows-1252 (PDF's WinAnsiEncoding): what the letters' standard font can print. Letters of the
 * Latin alphabets of the languages above, their punctuation, tabs and line breaks.
 */
const PRINTABLE = /^[\t\n\r\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]$/u;

/** Whether the letters' font can print this character. */
export function isPrintableInLetter(character: string): boolean {
  return PRINTABLE.test(character);
}

/**
 * What is wrong with a letter's body, in words naming what is wrong: each unknown merge field, a
 * brace pair left open, a character the letters' font cannot print. Empty when it is a valid letter.
 */
export function fitLetterBodyProblems(body: string): string[] {
  const problems: string[] = [];
  for (const match of body.matchAll(MERGE_FIELD)) {
    const name = (match[1] ?? '').trim();
    if (!KNOWN_FIELDS.has(name)) problems.push(`Unknown merge field {{${name}}}`);
  }
  const rest = body.replace(MERGE_FIELD, '');
  if (rest.includes('{{') || rest.includes('}}')) {
    problems.push('A merge field is written between double braces, such as {{patient.firstName}}');
  }
  const unprintable = [...new Set(Array.from(body.matchAll(/[^]/gu), ([character]) => character))].filter(
    (character) => !isPrintableInLetter(character),
  );
  if (unprintable.length > 0) {
    problems.push(`The letters' font cannot print ${unprintable.slice(0, 5).join(' ')}`);
  }
  return [...new Set(problems)];
}

/** A letter's body: refused, naming each unknown merge field, when it is not one. */
export const fitLetterBody = z
  .string()
  .min(1, 'Required')
  .max(FIT_LETTER_BODY_MAX)
  .superRefine((body, context) => {
    for (const message of fitLetterBodyProblems(body)) context.addIssue({ code: 'custom', message });
  });

/** What a template is made of. */
export const fitTemplateInput = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(120),
  language: fitLanguage,
  body: fitLetterBody,
  /** The kit is asked back by the mailed day plus this many days. */
  returnByDays: z.int().min(1).max(180),
});
export type FitTemplateInput = z.infer<typeof fitTemplateInput>;

export const fitTemplate = z.object({
  id,
  name: z.string(),
  language: fitLanguage,
  body: z.string(),
  returnByDays: z.int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** Who changed it last; null for a template Cairn seeded. */
  updatedByName: z.string().nullable(),
  /** Batches mailed with it. */
  batchCount: z.int(),
});
export type FitTemplate = z.infer<typeof fitTemplate>;

const workspaceCall = { tags, auth: 'user', permission: 'quality_tool', v2: true } as const;

export const listFitTemplates = defineEndpoint({
  ...workspaceCall,
  method: 'POST',
  path: '/quality/fit/templates',
  summary: "The organisation's FIT letter templates, by name",
  writes: false,
  body: z.strictObject({}),
  response: resultEnvelope(z.array(fitTemplate)),
});

export const createFitTemplate = defineEndpoint({
  ...workspaceCall,
  method: 'POST',
  path: '/quality/fit/templates/create',
  summary: 'Adds a FIT letter template (an unknown merge field is refused, naming it); audited',
  writes: 'organisation',
  body: fitTemplateInput,
  response: resultEnvelope(fitTemplate),
});

export const updateFitTemplate = defineEndpoint({
  ...workspaceCall,
  method: 'POST',
  path: '/quality/fit/templates/update',
  summary: 'Changes a FIT letter template (batches already mailed keep the letter they were made with); audited',
  writes: 'organisation',
  body: fitTemplateInput.extend({ templateId: id }),
  response: resultEnvelope(fitTemplate),
});

/** A letter laid out: the sender, the date, the address block a windowed envelope shows, and the merged body. */
export const fitLetter = z.object({
  returnAddress: z.array(z.string()),
  date: z.string(),
  addressBlock: z.array(z.string()),
  body: z.string(),
});
export type FitLetter = z.infer<typeof fitLetter>;

export const previewFitLetter = defineEndpoint({
  ...workspaceCall,
  method: 'POST',
  path: '/quality/fit/templates/preview',
  summary:
    "A letter merged for a sample patient, or for a patient chosen (that patient's read is audited), from a template as typed",
  writes: false,
  body: z.strictObject({
    template: fitTemplateInput.pick({ body: true, language: true, returnByDays: true }),
    /** A patient of the caller's scope; a sample patient when absent. */
    cairnPatientId: id.optional(),
    /** The day the letter would be mailed; today when absent. */
    mailedOn: isoDate.optional(),
  }),
  response: resultEnvelope(z.object({ letter: fitLetter, patient: qualityPatient.nullable() })),
});
