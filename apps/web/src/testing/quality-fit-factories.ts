import type { FitBatch, FitCandidate, FitKit, FitTemplate } from '@cairn/contracts';

/** Rows of FIT outreach's API, as the server answers them, for web tests. */

const adams = {
  cairnPatientId: '0b6a1f0e-6a43-4c1e-9d3e-6f1c2a9b7d10',
  firstName: 'Ann',
  lastName: 'Adams',
  dateOfBirth: '1960-03-01',
  mrn: 'MRN001',
};
const baker = {
  cairnPatientId: '1c7b2f1e-7b54-4d2f-8e4f-7a2d3b0c8e21',
  firstName: 'Ben',
  lastName: 'Baker',
  dateOfBirth: '1985-06-15',
  mrn: 'MRN002',
};
export const FIT_PATIENTS = { adams, baker };

export function aFitTemplate(overrides: Partial<FitTemplate> = {}): FitTemplate {
  return {
    id: '9e1d2c3b-4a5f-4e6d-8c7b-1a2b3c4d5e6f',
    name: 'FIT invitation',
    language: 'en',
    body: 'Dear {{patient.firstName}},\n\nPlease return your kit by {{returnBy}}.',
    returnByDays: 21,
    createdAt: '2026-10-01T09:00:00.000Z',
    updatedAt: '2026-10-02T09:00:00.000Z',
    updatedByName: 'Quinn Lead',
    batchCount: 1,
    ...overrides,
  };
}

export function aFitCandidate(overrides: Partial<FitCandidate> = {}): FitCandidate {
  return {
    patient: adams,
    address: '12 Elm Street, Springfield, IL 62701',
    age: 66,
    gapStatus: 'open',
    dueDate: '2026-12-31',
    primaryProvider: { id: '5c1f6a2e-0d5b-4f0e-9a51-2f7e3b1c8d40', name: 'Maya Rivera, MD' },
    clinicName: 'Riverside Clinic',
    lastKit: null,
    ...overrides,
  };
}

export function aFitBatch(overrides: Partial<FitBatch> = {}): FitBatch {
  return {
    id: '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f',
    templateId: aFitTemplate().id,
    templateName: 'FIT invitation',
    language: 'en',
    mailedOn: '2026-11-02',
    returnBy: '2026-11-23',
    createdAt: '2026-11-02T15:00:00.000Z',
    createdByName: 'Quinn Lead',
    kitCount: 2,
    counts: { mailed: 2, returned: 0, resulted: 0, lost: 0, declined: 0 },
    ...overrides,
  };
}

export function aFitKit(overrides: Partial<FitKit> = {}): FitKit {
  return {
    id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
    patient: adams,
    status: 'mailed',
    mailedOn: '2026-11-02',
    returnBy: '2026-11-23',
    returnedOn: null,
    resultedOn: null,
    result: null,
    resultText: null,
    batch: { id: aFitBatch().id, templateName: 'FIT invitation' },
    gapStatus: 'open',
    statusChangedAt: '2026-11-02T15:00:00.000Z',
    ...overrides,
  };
}
