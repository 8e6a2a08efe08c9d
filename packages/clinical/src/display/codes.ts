import { formatIcdCode } from '../icd10/code-format';

/**
 * An ICD-10-CM code as people read it: dotted after the category, then its title when known
 * (`E11.9 Type 2 diabetes mellitus without complications`). A title that only repeats the code is
 * not a title (a claim line carries the code alone).
 * @example formatIcdCodeWithTitle('E119', 'Type 2 diabetes mellitus without complications')
 */
export function formatIcdCodeWithTitle(code: string, title?: string | null): string {
  const dotted = formatIcdCode(code);
  const words = title?.trim() ?? '';
  if (words === '' || formatIcdCode(words) === dotted) return dotted;
  return `${dotted} ${words}`;
}
