import type { Bundle, Composition, DetectedIssue, FhirResource, MeasureReport, Parameters } from 'fhir/r4';
import { describe, expect, it } from 'vitest';
import { toGapsBundle } from '../gaps-bundle';
import { checkCareGapsAnswer, checkGapsBundle } from './check-gaps-report';

const PATIENT_ID = '3f1e9c4a-8b2d-4e6f-a1c3-5d7e9f0b2c4d';
const population = (code: string, count: number) => ({
  code: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/measure-population', code }] },
  count,
});

/** An individual MeasureReport as fqm-execution writes it: CMS165, in the denominator, not the numerator. */
function storedReport(): MeasureReport {
  return {
    resourceType: 'MeasureReport',
    id: '7657120b-2aa9-4d80-b9ce-d0ad64c02463',
    status: 'complete',
    type: 'individual',
    measure: 'https://madie.cms.gov/Measure/ControllingHighBloodPressureFHIR',
    period: { start: '2025-01-01', end: '2025-12-31' },
    contained: [],
    subject: { reference: `Patient/${PATIENT_ID}` },
    group: [
      {
        id: '650b4f94da013638e7b3dd9a',
        population: [
          population('initial-population', 1),
          population('denominator', 1),
          population('denominator-exclusion', 0),
          population('numerator', 0),
        ],
        measureScore: { value: 0 },
      },
    ],
    evaluatedResource: [{ reference: `Patient/${PATIENT_ID}` }, { reference: 'Condition/condition-1' }],
  };
}

function validBundle(): Bundle {
  const resources: FhirResource[] = [
    { resourceType: 'Patient', id: PATIENT_ID, gender: 'female', birthDate: '1960-05-01' },
    {
      resourceType: 'Condition',
      id: 'condition-1',
      subject: { reference: `Patient/${PATIENT_ID}` },
      code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I10' }] },
    },
  ];
  const bundle = toGapsBundle({
    patient: resources[0] as never,
    resources,
    measures: [
      {
        measureId: 'CMS165',
        title: 'Controlling High Blood Pressure',
        version: '0.1.000',
        scoring: 'proportion',
        isInverse: false,
        report: storedReport(),
        reportId: '7657120b-2aa9-4d80-b9ce-d0ad64c02463',
        computedAt: '2026-01-05T10:00:00.000Z',
      },
    ],
    statuses: ['open-gap'],
    organisation: { id: '0f7c2b9e-3d1a-4c55-9a57-7d0c7e1f0a11', name: 'Lakeside Primary Care' },
    fhirBase: 'https://cairn.example/api/fhir',
    timestamp: '2026-01-06T09:00:00.000Z',
    documentId: '5b0f7c2a-1d3e-4f6a-8b9c-0d1e2f3a4b5c',
  });
  if (!bundle) throw new Error('no gap');
  return bundle;
}

/** The valid Bundle changed by `change` on its first resource of `type`. */
function brokenBundle<T extends FhirResource>(type: T['resourceType'], change: (resource: T) => void): Bundle {
  const bundle = validBundle();
  const resource = bundle.entry?.find((entry) => entry.resource?.resourceType === type)?.resource as T;
  change(resource);
  return bundle;
}

const messagesOf = (bundle: Bundle): string[] =>
  checkGapsBundle(bundle).map((issue) => `${issue.where}: ${issue.message}`);

describe('the DEQM gaps-in-care checker', () => {
  it('finds nothing wrong with a report made by toGapsBundle, alone or in a $care-gaps answer', () => {
    expect(messagesOf(validBundle())).toEqual([]);
    const answer: Parameters = { resourceType: 'Parameters', parameter: [{ name: 'return', resource: validBundle() }] };
    expect(checkCareGapsAnswer(answer)).toEqual([]);
  });

  it('finds a Composition without its subject (DEQM 1..1) or with another document type (pattern)', () => {
    expect(messagesOf(brokenBundle<Composition>('Composition', (composition) => delete composition.subject))).toEqual(
      expect.arrayContaining([expect.stringMatching(/Composition\.subject: has 0, needs at least 1/)]),
    );
    const otherType = brokenBundle<Composition>('Composition', (composition) => {
      composition.type = { coding: [{ system: 'http://loinc.org', code: '11506-3' }] };
    });
    expect(messagesOf(otherType)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Composition\.type: does not match patternCodeableConcept/)]),
    );
  });

  it('finds a DetectedIssue without its gap status, or with a status of no DEQM value set', () => {
    const withoutStatus = brokenBundle<DetectedIssue>('DetectedIssue', (issue) => delete issue.modifierExtension);
    expect(messagesOf(withoutStatus)).toEqual(
      expect.arrayContaining([expect.stringMatching(/modifierExtension:gapStatus: has 0, needs at least 1/)]),
    );
    const unknownStatus = brokenBundle<DetectedIssue>('DetectedIssue', (issue) => {
      issue.modifierExtension![0]!.valueCodeableConcept!.coding![0]!.code = 'maybe-gap';
    });
    expect(messagesOf(unknownStatus)).toEqual(
      expect.arrayContaining([expect.stringMatching(/has no code of .*gaps-status/)]),
    );
    const otherCode = brokenBundle<DetectedIssue>('DetectedIssue', (issue) => {
      issue.code = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'DRG' }] };
    });
    expect(messagesOf(otherCode)).toEqual(
      expect.arrayContaining([expect.stringMatching(/DetectedIssue\.code: does not match/)]),
    );
  });

  it('finds a MeasureReport without reporter or date, of another type, with a period not to the day, or without its scoring', () => {
    const changes: [(report: MeasureReport) => void, RegExp][] = [
      [(report) => delete report.reporter, /MeasureReport\.reporter: has 0, needs at least 1/],
      [(report) => delete report.date, /MeasureReport\.date: has 0, needs at least 1/],
      [(report) => (report.type = 'summary'), /MeasureReport\.type: is not the fixed fixedCode/],
      [(report) => (report.period = { start: '2025', end: '2025-12-31' }), /breaks deqm-1/],
      [(report) => delete report.extension, /breaks deqm-3/],
      [(report) => delete report.group![0]!.population![0]!.count, /population\.count: has 0, needs at least 1/],
    ];
    for (const [change, expected] of changes) {
      expect(messagesOf(brokenBundle<MeasureReport>('MeasureReport', change))).toEqual(
        expect.arrayContaining([expect.stringMatching(expected)]),
      );
    }
  });

  it('finds a reference that does not resolve inside the Bundle, and a Composition that is not first', () => {
    const dangling = brokenBundle<MeasureReport>('MeasureReport', (report) => {
      report.evaluatedResource = [{ reference: 'Observation/not-here' }];
    });
    expect(messagesOf(dangling)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Observation\/not-here is not in the Bundle/)]),
    );
    const reordered = validBundle();
    reordered.entry?.reverse();
    expect(messagesOf(reordered)).toEqual(expect.arrayContaining(['Bundle.entry[0]: is not the Composition']));
  });

  it('finds a resource FHIR R4 itself refuses (a Composition without status) and a report for another patient', () => {
    const withoutStatus = brokenBundle<Composition>(
      'Composition',
      (composition) => delete (composition as Partial<Composition>).status,
    );
    expect(messagesOf(withoutStatus)).toEqual(
      expect.arrayContaining([expect.stringMatching(/FHIR R4: Missing required property/)]),
    );
    const otherPatient = brokenBundle<MeasureReport>('MeasureReport', (report) => {
      report.subject = { reference: 'Organization/0f7c2b9e-3d1a-4c55-9a57-7d0c7e1f0a11' };
    });
    expect(messagesOf(otherPatient)).toEqual(
      expect.arrayContaining([expect.stringMatching(/is not for the Composition's subject/)]),
    );
  });
});
