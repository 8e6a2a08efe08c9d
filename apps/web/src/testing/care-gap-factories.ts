import type { CareGapItem, CareGapMark, QualityInsights } from '@cairn/contracts';
import { SID } from './factories';

/** Factories of the Quality Insights tab's tests (issue 19): valid values of their contracts, changed by `overrides`. */

export const CARE_GAP_PATIENT_ID = '1b7e4c1e-9d5e-4a1b-8c3d-4e5f6f1c2a9e';

/** An open CMS165 gap: hypertension on the problem list, the most recent reading 152/94. */
export function aCareGap(overrides: Partial<CareGapItem> = {}): CareGapItem {
  return {
    measureId: 'CMS165',
    measureVersion: 'CMS165v14',
    title: 'Controlling High Blood Pressure',
    status: 'open',
    inverse: false,
    reason: 'Most recent blood pressure 152/94 mmHg on 2026-05-02 is not below 140/90.',
    closesWhen: 'Most recent blood pressure this year below 140/90 mmHg (systolic under 140 and diastolic under 90).',
    dueDate: '2026-12-31',
    measurementPeriod: { start: '2026-01-01', end: '2026-12-31' },
    evidence: [
      {
        role: 'population',
        resourceType: 'Condition',
        date: '2024-03-01',
        code: 'I10',
        description: 'Essential (primary) hypertension (I10)',
        link: { kind: 'none' },
      },
      {
        role: 'numerator',
        resourceType: 'Observation',
        date: '2026-05-02',
        code: '8480-6',
        value: 152,
        unit: 'mm[Hg]',
        description: 'Systolic 152 mmHg',
        link: { kind: 'lab', code: '8480-6', system: 'http://loinc.org' },
      },
    ],
    mark: null,
    ...overrides,
  };
}

export function aCareGapMark(overrides: Partial<CareGapMark> = {}): CareGapMark {
  return {
    measureId: 'CMS165',
    markedBy: { userId: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5', name: 'Maya Rivera' },
    markedAt: '2026-06-15T09:20:00Z',
    send: { status: 'pending' },
    ...overrides,
  };
}

/** A visit's quality insights: an open CMS165 gap, a closed CMS130 one and an excluded CMS125 one. */
export function aQualityInsights(overrides: Partial<QualityInsights> = {}): QualityInsights {
  return {
    patientId: CARE_GAP_PATIENT_ID,
    sid: SID,
    isAnalysed: true,
    asOf: '2026-06-15',
    canMark: true,
    gaps: [
      aCareGap(),
      aCareGap({
        measureId: 'CMS130',
        measureVersion: 'CMS130v14',
        title: 'Colorectal Cancer Screening',
        status: 'closed',
        reason: 'Colonoscopy on 2017-04-02 counts for ten years.',
        evidence: [
          {
            role: 'numerator',
            resourceType: 'Procedure',
            date: '2017-04-02',
            code: '45378',
            description: 'Colonoscopy (CPT 45378)',
            link: { kind: 'none' },
          },
        ],
      }),
      aCareGap({
        measureId: 'CMS125',
        measureVersion: 'CMS125v14',
        title: 'Breast Cancer Screening',
        status: 'excluded',
        notApplicableReason: 'excluded',
        reason: 'Excluded: bilateral mastectomy.',
        closesWhen: null,
        dueDate: null,
        evidence: [],
      }),
    ],
    ...overrides,
  };
}
