import { fitLetterBodyProblems } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_TEMPLATES } from './fit-demo';
import { addressLines, mergeLetter, printable, SAMPLE_RECIPIENT } from './fit-letter';
import { fitsOnePage } from './fit-letters-pdf';

const setting = {
  organisationName: 'Riverside Health',
  language: 'en',
  mailedOn: '2026-02-20',
  returnByDays: 14,
} as const;

describe('a FIT letter', () => {
  it('lays a one-line address out for a windowed envelope', () => {
    expect(addressLines('12 Elm Street, Unit 4, Springfield, IL 62701')).toEqual([
      '12 Elm Street',
      'Unit 4',
      'Springfield, IL 62701',
    ]);
    expect(addressLines('PO Box 9')).toEqual(['PO Box 9']);
    expect(addressLines(null)).toEqual([]);
  });

  it('prints names from any script: accents kept, what the font lacks written plainly or as ?', () => {
    expect(printable('José Ñúñez')).toBe('José Ñúñez');
    expect(printable('Nguyễn Thị\tHà')).toBe('Nguyen Thi Hà');
    expect(printable('王芳')).toBe('??');
  });

  it('fills every merge field, a missing provider left empty and the clinic falling back to the organisation', () => {
    const body =
      '{{patient.fullName}} ({{patient.mrn}}, born {{patient.dateOfBirth}}) of {{patient.address}}: {{provider.name}}|{{clinic.name}}|{{organisation.name}}|{{today}}|{{returnBy}}';
    const letter = mergeLetter(body, { ...SAMPLE_RECIPIENT, providerName: null, clinicName: null }, setting);
    expect(letter.body).toBe(
      'Alexandra Sample-Whitfield (SAMPLE-000001, born 04/12/1964) of 1200 North Riverside Boulevard Apartment 14B, Springfield, IL 62701-1234: |Riverside Health|Riverside Health|February 20, 2026|March 6, 2026',
    );
    expect(letter.returnAddress).toEqual(['Riverside Health']);
  });

  it("of the demo's templates is a valid letter that fits one page with long values", async () => {
    for (const template of DEMO_TEMPLATES) {
      expect(fitLetterBodyProblems(template.body)).toEqual([]);
      const letter = mergeLetter(template.body, SAMPLE_RECIPIENT, { ...setting, language: template.language });
      expect(await fitsOnePage(letter.body)).toBe(true);
    }
  });
});
