import { getIcdCatalog, normalizeIcdCode, scoreRaf, searchIcd, type HccModelName, type Sex } from '@cairn/clinical';
import type { IcdSearchResult } from '@cairn/contracts';
import type { Db } from '../../db/client';
import type { FhirClient } from '../../integrations/fhir/fhir-client';
import type { FhirResource } from '../../integrations/fhir/fhir-types';
import { snomedIcdMap } from '../../integrations/fhir/snomed-icd10-map';
import { ageOn } from '../analysis';
import { findVisitForWrite } from '../ehr-write';
import { openVisit, type Caller } from './dx-access';
import { isInCart } from './dx-decision-out';
import { ORGANISATION_MODEL, rafPersonOf } from './dx-risk';
import { listCodedDiagnoses, listCoverages, listEncounterDiagnoses } from './dx-record.repository';
import { listVisitDecisions } from './dx.repository';

const SEARCH_LIMIT = 50;

/**
 * The add-diagnosis wizard's search (spec §7 getICDData): the FY2026 catalog searched by code, words
 * and clinical abbreviations, each hit with its HCC and coefficient for the patient's segment in the
 * chosen model (the organisation's when none is chosen), the age and sex edits it fails for the
 * patient (from the request, else the patient's record), and why it cannot be added (not billable,
 * already in the cart or coded this year).
 */
export async function getIcdData(
  db: Db,
  caller: Caller,
  body: {
    searchText: string;
    sid: string;
    gender?: 'male' | 'female' | 'other' | 'unknown';
    date_of_birth?: string;
    riskModelConfiguration?: { model: HccModelName };
  },
): Promise<IcdSearchResult[]> {
  const { visit } = await openVisit(db, caller, body.sid, 'icd-search');
  const organisationId = caller.auth.organisationId;
  const model = body.riskModelConfiguration?.model ?? ORGANISATION_MODEL;
  const birthDate = body.date_of_birth ?? visit.birthDate;
  const gender = body.gender ?? visit.gender;
  const sex: Sex | undefined = gender === 'female' ? 'F' : gender === 'male' ? 'M' : undefined;
  const [decisions, coded, coverages] = await Promise.all([
    listVisitDecisions(db, organisationId, visit.id),
    listCodedDiagnoses(db, {
      organisationId,
      patientId: visit.patientId,
      from: `${visit.serviceDate.slice(0, 4)}-01-01`,
      to: visit.serviceDate,
    }),
    listCoverages(db, organisationId, visit.patientId),
  ]);
  const chosen = new Set([...decisions.filter(isInCart).map((row) => row.icdCode), ...coded.map((row) => row.icdCode)]);
  const { input } = rafPersonOf({ birthDate, gender, coverages }, visit.serviceDate);
  const person = { age: Math.max(0, ageOn(birthDate, visit.serviceDate)), sex };
  const coefficients = new Map<number, number | null>();
  const coefficientOf = (hcc: number, code: string): number | null => {
    if (!coefficients.has(hcc)) {
      const scored = scoreRaf({ ...input, sex: sex ?? input.sex, diagnoses: [code] }, { model });
      coefficients.set(hcc, scored.terms.find((term) => term.kind === 'hcc' && term.hcc === hcc)?.factor ?? null);
    }
    return coefficients.get(hcc) ?? null;
  };
  return searchIcd(body.searchText, { limit: SEARCH_LIMIT, person }).map((hit) => {
    const [annotation] = hit.hcc[model];
    const nonBillableReason = !hit.billable
      ? ('NonBillable' as const)
      : chosen.has(hit.code)
        ? ('AlreadySelected' as const)
        : undefined;
    return {
      icdCode: hit.code,
      description: hit.description,
      billable: hit.billable,
      hcc: annotation?.hcc ?? null,
      hccLabel: annotation?.label ?? null,
      raf: annotation && hit.billable ? coefficientOf(annotation.hcc, hit.code) : null,
      warnings: hit.violations.map((violation) => violation.message),
      ...(nonBillableReason ? { nonBillableReason } : {}),
    };
  });
}

let snomedByIcd: Map<string, { snomedCode: string; display: string }[]> | undefined;

/** Spec §7 getSnomedFromICD: the SNOMED CT concepts Cairn's map sends to this code ([] when none). */
export function getSnomedFromIcd(icdCode: string): { snomedCode: string; display: string }[] {
  if (!snomedByIcd) {
    snomedByIcd = new Map();
    for (const mapping of snomedIcdMap().values()) {
      const code = normalizeIcdCode(mapping.icdCode);
      snomedByIcd.set(code, [
        ...(snomedByIcd.get(code) ?? []),
        { snomedCode: mapping.snomedCode, display: mapping.snomedDisplay },
      ]);
    }
  }
  return snomedByIcd.get(normalizeIcdCode(icdCode)) ?? [];
}

const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';

/**
 * Spec §7 getEpicICDFromSID: the ICD-10-CM diagnoses on the visit's encounter in the EHR, read with the
 * user's EHR session. Spec §8: the list is empty on any failure (no session, no encounter, EHR down).
 */
export async function getEpicIcdFromSid(
  db: Db,
  caller: Caller,
  options: { sid: string; client: () => Promise<FhirClient | undefined> },
): Promise<{ icdCode: string; description: string }[]> {
  const { visit } = await openVisit(db, caller, options.sid, 'ehr-encounter-diagnoses');
  try {
    const target = await findVisitForWrite(db, caller.auth.organisationId, visit.id);
    const client = await options.client();
    if (!client || target?.encounterSource !== 'EHR' || !target.encounterFhirId) return [];
    // Patient and encounter both: EHRs such as Epic refuse a Condition search without the patient.
    const query = { patient: `Patient/${target.patientFhirId}`, encounter: `Encounter/${target.encounterFhirId}` };
    const found = await client.searchAll('Condition', query, { maxPages: 5 });
    return uniqueByCode(found.flatMap(icdCodingsOf));
  } catch (error) {
    caller.request.log.warn({ err: error }, 'reading the encounter diagnoses from the EHR failed');
    return [];
  }
}

function icdCodingsOf(resource: FhirResource): { icdCode: string; description: string }[] {
  const code = resource.code as
    { coding?: { system?: string; code?: string; display?: string }[]; text?: string } | undefined;
  return (code?.coding ?? []).flatMap((coding) =>
    coding.system === ICD10CM && coding.code
      ? [
          {
            icdCode: normalizeIcdCode(coding.code),
            description: coding.display ?? getIcdCatalog().get(normalizeIcdCode(coding.code))?.longDescription ?? '',
          },
        ]
      : [],
  );
}

function uniqueByCode<T extends { icdCode: string }>(items: T[]): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(item.icdCode)) seen.set(item.icdCode, item);
  return [...seen.values()];
}

/**
 * Spec §7 getICDsFromUnityApi: null without a partner (Unity) encounter id; otherwise the diagnoses of
 * the visit's encounter that Cairn holds.
 */
export async function getIcdsFromUnityApi(
  db: Db,
  caller: Caller,
  body: { sid: string; unity_encounter_id?: string },
): Promise<{ icdCode: string; description: string }[] | null> {
  const { visit } = await openVisit(db, caller, body.sid, 'encounter-diagnoses');
  if (!body.unity_encounter_id) return null;
  return uniqueByCode(await listEncounterDiagnoses(db, caller.auth.organisationId, visit.id));
}
