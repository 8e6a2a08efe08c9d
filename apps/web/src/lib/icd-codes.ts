/** One spelling per code, so that `e11.9` from one answer and `E119` from another name the same code. */
export function normalizeIcdCode(code: string): string {
  return code.replace(/[\s.]/g, '').toUpperCase();
}

/** ICD-10-CM codes are stored without the dot; people read them with it after the category (E11.9). */
export function formatIcdCode(code: string): string {
  const bare = normalizeIcdCode(code);
  return bare.length > 3 ? `${bare.slice(0, 3)}.${bare.slice(3)}` : bare;
}

/** RAF scores are read to three decimals, as the CMS coefficient tables print them. */
export function formatRaf(value: number): string {
  return value.toFixed(3);
}
