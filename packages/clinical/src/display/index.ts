/**
 * Values and codes as a clinician writes them, for every screen and text Cairn writes: numbers as
 * reported (no float noise, no fixed count of decimals), UCUM units in words and signs, ICD-10-CM codes
 * dotted with their title. Pure and free of Node.js: the web app imports it as `@cairn/clinical/display`.
 */
export { formatNumber, significantDigits, toSignificantDigitsOf } from './numbers';
export { formatQuantity, formatUnit, withUnit } from './units';
export { formatIcdCodeWithTitle } from './codes';
export { formatIcdCode, normalizeIcdCode } from '../icd10/code-format';
