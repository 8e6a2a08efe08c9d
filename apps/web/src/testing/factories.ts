import type {
  CartItem,
  ClinicalSummary,
  DxCaptureData,
  DxDecision,
  DxEvidence,
  DxItem,
  EndpointResponse,
  LabTrend,
  LabTrendPoint,
  PartnerNote,
  PatientDemographics,
  getUserMetadata,
} from '@cairn/contracts';

/** Factories for the web's tests: each answers a valid value of its contract, changed by `overrides`. */
export const SID = '6f1c2a9e-1b7e-4c1e-9d5e-0a1b2c3d4e5f';
const PATIENT_ID = '1b7e4c1e-9d5e-4a1b-8c3d-4e5f6f1c2a9e';

export function anEvidence(overrides: Partial<DxEvidence> = {}): DxEvidence {
  return {
    resourceType: 'Observation',
    date: '2026-02-10',
    source: 'EHR',
    code: '4548-4',
    value: 8.2,
    unit: '%',
    text: 'Hemoglobin A1c',
    ruleSource: 'ADA 2025',
    link: { kind: 'lab', code: '4548-4', system: 'http://loinc.org' },
    ...overrides,
  };
}

export function aDecision(overrides: Partial<DxDecision> = {}): DxDecision {
  return {
    icdCode: 'E1122',
    status: 'accepted',
    isAdded: false,
    stopShowing: false,
    decidedBy: { userId: '0b6d2c1e-2f5a-4c47-9a64-6f0e1d2c3b4a', name: 'Maya Rivera', role: 'provider' },
    decidedAt: '2026-03-02T10:42:00Z',
    version: 1,
    isPostVisit: false,
    ...overrides,
  };
}

export function anItem(overrides: Partial<DxItem> = {}): DxItem {
  return {
    icdCode: 'E1122',
    description: 'Type 2 diabetes mellitus with diabetic chronic kidney disease',
    hcc: 37,
    hccLabel: 'Diabetes with Chronic Complications',
    category: 'Suspect',
    suspectKind: 'meets-diagnostic-criteria',
    explanationGroup: 'new-hcc',
    explanation: 'Not coded in the last two years; results from before 2026 point to HCC 37.',
    listKind: 'Single',
    evidence: [anEvidence()],
    saveState: 'None',
    ...overrides,
  };
}

export function aSummary(overrides: Partial<DxCaptureData> = {}): DxCaptureData {
  return {
    sid: SID,
    patientId: PATIENT_ID,
    role: 'provider',
    isAnalysed: true,
    groups: [
      { hcc: 37, label: 'HCC 37 Diabetes with Chronic Complications', items: [anItem()] },
      {
        hcc: 329,
        label: 'HCC 329 Chronic Kidney Disease, Moderate (Stage 3, Except 3B)',
        items: [
          anItem({
            icdCode: 'N1831',
            description: 'Chronic kidney disease, stage 3a',
            hcc: 329,
            category: 'Recapture',
            suspectKind: undefined,
            explanationGroup: 'readdress',
            explanation: 'Coded in 2024 at this practice (EHR), not yet in 2026: readdress it if it is still present.',
            evidence: [
              anEvidence({
                resourceType: 'DocumentReference',
                source: 'HIE',
                value: undefined,
                unit: undefined,
                text: 'CKD stage 3a, eGFR stable',
                ruleSource: 'KDIGO 2012',
                link: {
                  kind: 'document',
                  documentId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
                  highlight: 'CKD stage 3a',
                },
              }),
            ],
          }),
        ],
      },
    ],
    addressed: [
      {
        icdCode: 'I10',
        description: 'Essential (primary) hypertension',
        hcc: null,
        lastCodedOn: '2026-01-15',
        source: 'Claim',
      },
    ],
    cart: [],
    risk: {
      model: 'v28',
      paymentYear: 2026,
      current: 0.8421,
      ifPushed: 1.2,
      increments: [{ hcc: 37, label: 'Diabetes with Chronic Complications', raf: 0.166, icdCodes: ['E1122'] }],
      interactions: [{ name: 'Diabetes and CHF', label: 'Diabetes and CHF', raf: 0.112 }],
    },
    scrub: null,
    pushedAt: null,
    postVisitUpdatedIcds: [],
    partnerNotes: [],
    ...overrides,
  };
}

/** A partner organisation's recommendation with no action recorded yet. */
export function aPartnerNote(overrides: Partial<PartnerNote> = {}): PartnerNote {
  return {
    id: '3c9d2e71-5a4b-4f0e-9c8d-7b6a5f4e3d2c',
    partner: 'Summit Health Partners',
    kind: 'annual-wellness-visit',
    text: 'Schedule the annual wellness visit: the last one was 14 months ago.',
    authoredOn: '2026-05-02',
    version: 0,
    ...overrides,
  };
}

/** The summary with one item replaced (by code), as the server answers after a decision. */
export function withItem(summary: DxCaptureData, item: DxItem): DxCaptureData {
  return {
    ...summary,
    groups: summary.groups.map((group) => ({
      ...group,
      items: group.items.map((existing) => (existing.icdCode === item.icdCode ? item : existing)),
    })),
  };
}

/** A visit's Diagnosis Summary with no suggestions, nothing addressed and an empty cart. */
export function anEmptySummary(overrides: Partial<DxCaptureData> = {}): DxCaptureData {
  return aSummary({
    groups: [],
    addressed: [],
    risk: { model: 'v28', paymentYear: 2027, current: 0.4, ifPushed: 0.566, increments: [], interactions: [] },
    ...overrides,
  });
}

export function aCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    icdCode: 'E1122',
    description: 'Type 2 diabetes mellitus with diabetic chronic kidney disease',
    hcc: 37,
    isAdded: false,
    decidedBy: { name: 'Ana Rivera', role: 'provider' },
    version: 1,
    ...overrides,
  };
}

export type UserMetadata = EndpointResponse<typeof getUserMetadata>['result'];

/** What /getUserMetadata answers for the provider Ana Rivera, who has accepted the terms. */
export function aUserMetadata(overrides: Partial<UserMetadata> = {}): UserMetadata {
  return {
    analytics_metadata: '{}',
    permissions: '{"view":"Provider"}',
    emr_username_new: '',
    emr_name: '',
    is_admin: false,
    cairn_username: 'dr.rivera',
    cairn_email: 'dr.rivera@clinic.test',
    view: 'Provider',
    terms_accepted: true,
    totp_enabled: false,
    ...overrides,
  };
}

/** One numeric result of a trend, normal unless told. */
export function aLabTrendPoint(overrides: Partial<LabTrendPoint> = {}): LabTrendPoint {
  return {
    id: crypto.randomUUID(),
    source: 'EHR',
    date: '2025-05-01',
    value: 180,
    unit: 'mg/dL',
    interpretation: null,
    flag: null,
    convertedFrom: null,
    ...overrides,
  };
}

/** A cholesterol trend (<= 200 mg/dL) of three normal results. */
export function aLabTrend(overrides: Partial<LabTrend> = {}): LabTrend {
  return {
    loinc: '2093-3',
    display: 'Cholesterol',
    unit: 'mg/dL',
    units: 'single',
    referenceRange: { low: null, high: 200 },
    points: [
      aLabTrendPoint({ date: '2023-05-01', value: 190 }),
      aLabTrendPoint({ date: '2024-05-01', value: 185 }),
      aLabTrendPoint({ date: '2025-05-01', value: 180 }),
    ],
    ...overrides,
  };
}

/** The banner's facts of Ada Lovelace, 75, whose risk score is still being computed. */
export function aPatientDemographics(overrides: Partial<PatientDemographics> = {}): PatientDemographics {
  return {
    cairnPatientId: '11111111-1111-4111-8111-111111111111',
    firstName: 'Ada',
    lastName: 'Lovelace',
    age: 75,
    isDeceased: false,
    deceasedDate: null,
    gender: 'female',
    dateOfBirth: '1950-12-10',
    mrn: 'MRN-100',
    coverages: [],
    primaryProviderName: 'Maya Rivera',
    riskScore: { status: 'pending' },
    counts: { openSuggestions: 0, hccCount: 0, openCareGaps: 0 },
    recentVisits: [],
    upcomingVisits: [],
    ...overrides,
  };
}

/** A patient's Clinical Summary with nothing on record. */
export function anEmptyClinicalSummary(): ClinicalSummary {
  return {
    problems: { active: [], resolved: [] },
    medications: { items: [], total: 0 },
    allergies: [],
    vitals: [],
    labs: { items: [], total: 0 },
    screeningScores: [],
    visits: { items: [], total: 0 },
    procedures: { items: [], total: 0 },
    immunizations: { items: [], total: 0 },
  };
}

/** A patient's documents list with no document. */
export function anEmptyDocumentList(): { documents: []; facets: { types: []; sources: []; authors: [] } } {
  return { documents: [], facets: { types: [], sources: [], authors: [] } };
}
