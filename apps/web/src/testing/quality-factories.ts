import type { QualityArchiveRow, QualityMeasure, QualityPatientRow, QualityWorklistRow } from '@cairn/contracts';

/** Rows of the Quality Workspace's API, as the server answers them, for web tests. */

const patient = {
  cairnPatientId: '0b6a1f0e-6a43-4c1e-9d3e-6f1c2a9b7d10',
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1950-12-10',
  mrn: 'MRN001',
};

export function aWorklistRow(overrides: Partial<QualityWorklistRow> = {}): QualityWorklistRow {
  return {
    patient,
    measureId: 'CMS130',
    measureVersion: 'CMS130v14',
    measureTitle: 'Colorectal Cancer Screening',
    status: 'open',
    dueDate: '2026-12-31',
    reason: 'No colorectal cancer screening on record',
    primaryProvider: { id: '5c1f6a2e-0d5b-4f0e-9a51-2f7e3b1c8d40', name: 'Maya Rivera' },
    departmentName: 'Family Medicine',
    clinicName: 'Riverside Clinic',
    nextVisit: {
      sid: '7d2e8f1a-3b4c-4d5e-8f6a-1b2c3d4e5f60',
      startAt: '2026-12-02T15:30:00.000Z',
      providerName: 'Maya Rivera',
    },
    firstSeenAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

/** A worklist row of another patient (`index` makes their id and name). */
export function aWorklistRowOf(index: number, overrides: Partial<QualityWorklistRow> = {}): QualityWorklistRow {
  const id = `0b6a1f0e-6a43-4c1e-9d3e-${String(index).padStart(12, '0')}`;
  return aWorklistRow({
    patient: { ...patient, cairnPatientId: id, lastName: `Patient${String(index)}`, mrn: `MRN${String(index)}` },
    ...overrides,
  });
}

export function aQualityMeasure(overrides: Partial<QualityMeasure> = {}): QualityMeasure {
  return {
    measureId: 'CMS130',
    measureVersion: 'CMS130v14',
    measureTitle: 'Colorectal Cancer Screening',
    open: 12,
    closed: 40,
    excluded: 1,
    ...overrides,
  };
}

export function aQualityPatientRow(overrides: Partial<QualityPatientRow> = {}): QualityPatientRow {
  return { patient, primaryProviderName: 'Maya Rivera', open: 2, closed: 3, excluded: 0, ...overrides };
}

export function anArchiveRow(overrides: Partial<QualityArchiveRow> = {}): QualityArchiveRow {
  return {
    patient,
    measureId: 'CMS130',
    measureVersion: 'CMS130v14',
    measureTitle: 'Colorectal Cancer Screening',
    status: 'closed',
    resolvedAt: '2026-04-02T09:15:00.000Z',
    dueDate: '2035-12-31',
    reason: 'Colonoscopy in 2026',
    evidence: [
      { resourceType: 'Procedure', date: '2026-03-30', code: '45378', description: 'Colonoscopy (CPT 45378)' },
    ],
    ...overrides,
  };
}
