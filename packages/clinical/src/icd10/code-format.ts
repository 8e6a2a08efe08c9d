/**
 * ICD-10-CM code shapes. Codes are stored upper case without the dot (`E1122`); people type them any way
 * (`e11.22 `, `E11.22`). The dot always follows the third character (the category).
 *
 * Do not validate with `[A-Z][0-9]`: FY2026 added category `QA0` (letter in second position), and
 * subcategories such as `G35A` or `C4A` carry letters after the first character too.
 */

/** Letters and digits only, one to seven of them, starting with a letter: what an ICD-10-CM code or prefix can look like. */
const CODE_SHAPE = /^[A-Z][0-9A-Z]{0,6}$/;

/**
 * Normalises typed input to the stored form: trims, drops dots and inner spaces, upper-cases.
 * @example normalizeIcdCode('e11.22 ') // 'E1122'
 */
export function normalizeIcdCode(input: string): string {
  return input.replace(/[\s.]/g, '').toUpperCase();
}

/**
 * Formats a stored code for display, with the dot after the category.
 * @example formatIcdCode('E1122') // 'E11.22'
 */
export function formatIcdCode(code: string): string {
  const normalized = normalizeIcdCode(code);
  return normalized.length > 3 ? `${normalized.slice(0, 3)}.${normalized.slice(3)}` : normalized;
}

/** True when the normalised input could be an ICD-10-CM code or the start of one (says nothing about whether it exists). */
export function hasIcdCodeShape(input: string): boolean {
  return CODE_SHAPE.test(normalizeIcdCode(input));
}
