import { describe, expect, it } from 'vitest';
import {
  formatIcdCodeWithTitle,
  formatNumber,
  formatQuantity,
  formatUnit,
  significantDigits,
  withUnit,
  toSignificantDigitsOf,
} from './index';

describe('formatNumber', () => {
  it('shows a sum with float noise as the number that was meant (7.1 + 0.6)', () => {
    expect(formatNumber(7.1 + 0.6)).toBe('7.7');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
  });

  it('keeps every digit a number was reported with, never a fixed count of decimals', () => {
    expect(formatNumber(79.83225712)).toBe('79.83225712');
    expect(formatNumber(0.005)).toBe('0.005');
    expect(formatNumber(18)).toBe('18');
    expect(formatNumber(1.25)).toBe('1.25');
  });

  it('writes large and small numbers plainly, without grouping or exponent', () => {
    expect(formatNumber(12000000)).toBe('12000000');
    expect(formatNumber(0.0000012)).toBe('0.0000012');
    expect(formatNumber(-4.5)).toBe('-4.5');
    expect(formatNumber(-0)).toBe('0');
  });

  it('shows the decimal places a number was reported with, trailing zeros included', () => {
    expect(formatNumber(7.7, 2)).toBe('7.70');
    expect(formatNumber(5, 1)).toBe('5.0');
    expect(formatNumber(5, 0)).toBe('5');
    expect(formatNumber(0.001, 3)).toBe('0.001');
    expect(formatNumber(7.1 + 0.6, 1)).toBe('7.7');
  });

  it('keeps its own rule when the places are unknown or not a count', () => {
    expect(formatNumber(7.7, null)).toBe('7.7');
    expect(formatNumber(7.7, undefined)).toBe('7.7');
    expect(formatNumber(7.7, -1)).toBe('7.7');
    expect(formatNumber(7.7, 1.5)).toBe('7.7');
  });
});

describe('significant digits', () => {
  it('counts the digits of the shortest decimal form', () => {
    expect(significantDigits(176)).toBe(3);
    expect(significantDigits(0.05)).toBe(1);
    expect(significantDigits(98.6)).toBe(3);
    expect(significantDigits(7.1 + 0.6)).toBe(2);
    expect(significantDigits(0)).toBe(1);
  });

  it('keeps a converted value to the digits of the value reported and one more', () => {
    expect(toSignificantDigitsOf(176 * 0.45359237, 176)).toBe(79.83);
    expect(toSignificantDigitsOf(((101.3 - 32) * 5) / 9, 101.3)).toBe(38.5);
    expect(toSignificantDigitsOf((37 * 9) / 5 + 32, 37)).toBe(98.6);
    expect(toSignificantDigitsOf(0, 12)).toBe(0);
  });
});

describe('formatUnit', () => {
  it('shows no unit for a score, a ratio or a pure number', () => {
    expect(formatUnit('{score}')).toBe('');
    expect(formatUnit('{ratio}')).toBe('');
    expect(formatUnit('1')).toBe('');
    expect(formatUnit(null)).toBe('');
    expect(formatUnit('  ')).toBe('');
  });

  it('drops an annotation that qualifies a unit', () => {
    expect(formatUnit('mg/g{creat}')).toBe('mg/g');
    expect(formatUnit('%{HbA1c}')).toBe('%');
  });

  it('keeps the words of an annotation that stands for what is counted', () => {
    expect(formatUnit('mL/min/{1.73_m2}')).toBe('mL/min/1.73 m²');
    expect(formatUnit('{cells}/uL')).toBe('cells/µL');
    expect(formatUnit('{beats}/min')).toBe('beats/min');
  });

  it('writes UCUM symbols as clinicians do', () => {
    expect(formatUnit('mm[Hg]')).toBe('mmHg');
    expect(formatUnit('Cel')).toBe('°C');
    expect(formatUnit('[degF]')).toBe('°F');
    expect(formatUnit('[lb_av]')).toBe('lb');
    expect(formatUnit('[in_i]')).toBe('in');
    expect(formatUnit('[IU]/mL')).toBe('IU/mL');
    expect(formatUnit('m[IU]/mL')).toBe('mIU/mL');
    expect(formatUnit('ug/dL')).toBe('µg/dL');
    expect(formatUnit('umol/L')).toBe('µmol/L');
    expect(formatUnit('meq/L')).toBe('mEq/L');
    expect(formatUnit('kg/m2')).toBe('kg/m²');
    expect(formatUnit('10*3/uL')).toBe('×10³/µL');
    expect(formatUnit('/[HPF]')).toBe('/HPF');
    expect(formatUnit('mg.dL-1')).toBe('mg·dL⁻¹');
  });

  it('reads the body-surface area written without braces the same way', () => {
    expect(formatUnit('mL/min/1.73m2')).toBe('mL/min/1.73 m²');
  });

  it('leaves plain units as they are', () => {
    for (const unit of ['mg/dL', 'mmol/mol', 'pg/mL', 'kg', 'cm', '%', '/min', 'g/dL', 'mmol/L'])
      expect(formatUnit(unit)).toBe(unit);
  });
});

describe('formatQuantity', () => {
  it('shows a value with its unit as written: 7.7%, PHQ-9 18, eGFR in mL/min/1.73 m²', () => {
    expect(formatQuantity(7.699999999999999, '%')).toBe('7.7%');
    expect(formatQuantity(18, '{score}')).toBe('18');
    expect(formatQuantity(52, 'mL/min/{1.73_m2}')).toBe('52 mL/min/1.73 m²');
    expect(formatQuantity(128, 'mm[Hg]')).toBe('128 mmHg');
    expect(formatQuantity(37.2, 'Cel')).toBe('37.2°C');
    expect(formatQuantity(72, '/min')).toBe('72/min');
    expect(formatQuantity(7.2, '10*3/uL')).toBe('7.2 ×10³/µL');
  });

  it('shows a value with the decimal places it was reported with: 7.70%, 37.0°C', () => {
    expect(formatQuantity(7.7, '%', { decimals: 2 })).toBe('7.70%');
    expect(formatQuantity(37, 'Cel', { decimals: 1 })).toBe('37.0°C');
    expect(formatQuantity(7.7, '%', { decimals: null })).toBe('7.7%');
  });

  it('writes a range with its unit the same way', () => {
    expect(withUnit('4–5.6', '%')).toBe('4–5.6%');
    expect(withUnit('≤ 200', 'mg/dL')).toBe('≤ 200 mg/dL');
    expect(withUnit('0–4', '{score}')).toBe('0–4');
    expect(withUnit('', 'mg/dL')).toBe('');
  });
});

describe('formatIcdCodeWithTitle', () => {
  it('dots the code and adds its title', () => {
    expect(formatIcdCodeWithTitle('E119', 'Type 2 diabetes mellitus without complications')).toBe(
      'E11.9 Type 2 diabetes mellitus without complications',
    );
    expect(formatIcdCodeWithTitle('N1831', undefined)).toBe('N18.31');
  });

  it('does not repeat the code as its own title (a claim line)', () => {
    expect(formatIcdCodeWithTitle('E119', 'E119')).toBe('E11.9');
    expect(formatIcdCodeWithTitle('E119', 'E11.9')).toBe('E11.9');
  });
});
