import { describe, expect, it } from 'vitest';
import { createFitTemplate, fitLetterBodyProblems } from './quality-fit';

describe("a FIT letter's body", () => {
  it('takes every known merge field, spaces inside the braces too', () => {
    const body = 'Dear {{patient.firstName}} {{ patient.lastName }}, return it by {{returnBy}}. {{organisation.name}}';
    expect(fitLetterBodyProblems(body)).toEqual([]);
  });

  it('names each unknown merge field once', () => {
    expect(fitLetterBodyProblems('Dear {{patient.ssn}}, {{patient.ssn}} {{ Today }}')).toEqual([
      'Unknown merge field {{patient.ssn}}',
      'Unknown merge field {{Today}}',
    ]);
  });

  it('refuses braces left open and characters the letters’ font cannot print', () => {
    expect(fitLetterBodyProblems('Dear {{patient.firstName')).toEqual([
      'A merge field is written between double braces, such as {{patient.firstName}}',
    ]);
    expect(fitLetterBodyProblems('Estimado señor, “gracias” – 检查')).toEqual(["The letters' font cannot print 检 查"]);
  });

  it('is refused by the template contract with the field named', () => {
    const parsed = createFitTemplate.body.safeParse({
      name: 'Spanish',
      language: 'es',
      body: 'Hola {{paciente.nombre}}',
      returnByDays: 21,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['body', 'Unknown merge field {{paciente.nombre}}'],
    ]);
  });
});
