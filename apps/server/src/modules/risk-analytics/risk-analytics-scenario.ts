import { randomBytes } from 'node:crypto';
import { getHccModel, type Suggestion } from '@cairn/clinical';
import type { Db } from '../../db/client';
import {
  claimDiagnoses,
  conditions,
  dxDecisionHistory,
  dxDecisions,
  ehrConditionWrites,
  encounters,
  patientAnalyses,
} from '../../db/clinical-schema';
import { createAppointment, createCareTeam, createPatient, type CareTeam } from '../../testing/clinical-factories';
import { createUser } from '../../testing/factories';
import { rebuildRiskAnalytics } from './risk-rebuild';
import { riskClock } from './risk-clock';

/**
 * A small practice with a year of risk-adjustment work, for the analytics' server tests: two clinics
 * (North: Dr Rivera, South: Dr Chen), patients with chronic HCCs documented last year, some documented
 * again this year (an encounter diagnosis, a claim, a decision written to the EHR), decisions by a
 * coder and a provider, pushes, and current analyses. Dates are of this year (`Y`) and the last (`P`).
 */

const sourceId = (): string => randomBytes(8).toString('hex');

export interface Scenario {
  organisationId: string;
  year: number;
  north: CareTeam;
  south: CareTeam;
  patientIds: Record<'ann' | 'ben' | 'cal' | 'dee' | 'eve' | 'fay', string>;
  visitIds: Record<'annVisit' | 'calVisit' | 'deeVisit', string>;
}

function suggestion(code: string, category: Suggestion['category'], suspectKind?: Suggestion['suspectKind']) {
  const model = getHccModel('v28');
  return {
    code,
    description: code,
    hcc: { v28: model.conditionCategories(code).filter((hcc) => model.isPaymentHcc(hcc)), v24: [] },
    category,
    suspectKind,
    explanationGroup: category === 'Recapture' ? 'readdress' : 'new-hcc',
    evidence: [],
    ruleIds: ['test-rule'],
  };
}

async function claim(db: Db, organisationId: string, patientId: string, icdCode: string, serviceDate: string) {
  await db.insert(claimDiagnoses).values({
    organisationId,
    patientId,
    claimType: 'Claim',
    sequence: 1,
    icdCode,
    serviceDate,
    source: 'EHR',
    sourceId: sourceId(),
  });
}

async function encounterDiagnosis(
  db: Db,
  options: { organisationId: string; patientId: string; icdCode: string; date: string; providerId?: string },
): Promise<string> {
  const [encounter] = await db
    .insert(encounters)
    .values({
      organisationId: options.organisationId,
      patientId: options.patientId,
      providerId: options.providerId,
      startDate: options.date,
      source: 'EHR',
      sourceId: sourceId(),
    })
    .returning();
  await db.insert(conditions).values({
    organisationId: options.organisationId,
    patientId: options.patientId,
    encounterId: encounter?.id,
    icdCode: options.icdCode,
    display: options.icdCode,
    category: 'encounter-diagnosis',
    recordedDate: options.date,
    source: 'EHR',
    sourceId: sourceId(),
  });
  return encounter?.id ?? '';
}

interface DecisionInput {
  appointmentId: string;
  patientId: string;
  icdCode: string;
  status: 'accepted' | 'rejected';
  /** Each role's decisions in order: [role, status, ISO time]. */
  history: ['coder' | 'provider', 'accepted' | 'rejected', string][];
  isAdded?: boolean;
}

async function decide(
  db: Db,
  organisationId: string,
  users: Record<'coder' | 'provider', string>,
  input: DecisionInput,
) {
  const last = input.history.at(-1);
  if (!last) throw new Error('a decision needs its history');
  await db.insert(dxDecisions).values({
    organisationId,
    appointmentId: input.appointmentId,
    patientId: input.patientId,
    icdCode: input.icdCode,
    status: input.status,
    isAdded: input.isAdded ?? false,
    decidedBy: users[last[0]],
    deciderRole: last[0],
    decidedAt: new Date(last[2]),
    version: input.history.length,
  });
  for (const [index, [role, status, at]] of input.history.entries()) {
    await db.insert(dxDecisionHistory).values({
      organisationId,
      appointmentId: input.appointmentId,
      icdCode: input.icdCode,
      action: input.isAdded && index === 0 ? 'add' : status === 'accepted' ? 'accept' : 'reject',
      status,
      version: index + 1,
      changedBy: users[role],
      role,
      changedAt: new Date(at),
    });
  }
}

async function push(
  db: Db,
  organisationId: string,
  options: { appointmentId: string; icdCode: string; status: string; failureReason?: string; at: string },
) {
  await db.insert(ehrConditionWrites).values({
    organisationId,
    appointmentId: options.appointmentId,
    icdCode: options.icdCode,
    identifier: `cairn-${sourceId()}`,
    status: options.status,
    failureReason: options.failureReason,
    createdAt: new Date(options.at),
  });
}

async function analysis(
  db: Db,
  options: { organisationId: string; patientId: string; suggestions: object[]; current: number; potential: number },
) {
  await db.insert(patientAnalyses).values({
    organisationId: options.organisationId,
    patientId: options.patientId,
    dataVersion: 1,
    asOf: riskClock.today(),
    suggestions: options.suggestions,
    careGaps: [],
    riskScore: { model: 'v28', current: options.current, potential: options.potential },
    openSuggestions: options.suggestions.length,
    hccCount: 0,
    openCareGaps: 0,
  });
}

/** Builds the scenario in a new organisation's tables and rebuilds its analytics. */
export async function buildScenario(db: Db, organisationId: string): Promise<Scenario> {
  const year = Number(riskClock.today().slice(0, 4));
  const [Y, P] = [String(year), String(year - 1)];
  const north = await createCareTeam(db, { organisationId, clinicName: 'North Clinic', providerLastName: 'Rivera' });
  const south = await createCareTeam(db, { organisationId, clinicName: 'South Clinic', providerLastName: 'Chen' });
  const person = (firstName: string, primaryProviderId: string | null, extra: { deceasedDate?: string } = {}) =>
    createPatient(db, { organisationId, firstName, lastName: 'Tester', primaryProviderId, ...extra });
  const [ann, ben, cal, dee, eve, fay] = await Promise.all([
    person('Ann', north.provider.id),
    person('Ben', north.provider.id),
    person('Cal', south.provider.id),
    person('Dee', south.provider.id),
    person('Eve', null),
    person('Fay', north.provider.id, { deceasedDate: `${P}-12-01` }),
  ]);
  const coder = await createUser(db, { organisationId, view: 'Coder' });
  const provider = await createUser(db, { organisationId, view: 'Provider' });
  const users = { coder: coder.id, provider: provider.id };

  // Last year: the chronic HCCs to recapture (I50.21, acute, recaptures as chronic heart failure, HCC 226).
  await claim(db, organisationId, ann.id, 'E119', `${P}-03-10`);
  await encounterDiagnosis(db, { organisationId, patientId: ann.id, icdCode: 'I5022', date: `${P}-06-01` });
  await claim(db, organisationId, ben.id, 'J449', `${P}-05-05`);
  await claim(db, organisationId, cal.id, 'E119', `${P}-07-07`);
  await claim(db, organisationId, dee.id, 'I5021', `${P}-09-09`);
  await claim(db, organisationId, eve.id, 'E119', `${P}-02-02`);
  await claim(db, organisationId, fay.id, 'E119', `${P}-02-02`);

  // This year: Ann's diabetes documented with complications (HCC 37 drops 38), Ben's COPD on a claim,
  // Cal's diabetes accepted and written to the EHR at his visit.
  const annEncounter = await encounterDiagnosis(db, {
    organisationId,
    patientId: ann.id,
    icdCode: 'E1122',
    date: `${Y}-02-15`,
    providerId: north.provider.id,
  });
  await claim(db, organisationId, ben.id, 'J449', `${Y}-04-20`);
  const visit = (patientId: string, team: CareTeam, at: string, encounterId?: string) =>
    createAppointment(db, {
      organisationId,
      patientId,
      providerId: team.provider.id,
      departmentId: team.department.id,
      at,
      status: 'fulfilled',
      encounterId,
    });
  const annVisit = await visit(ann.id, north, `${Y}-02-15T09:00`, annEncounter);
  const calVisit = await visit(cal.id, south, `${Y}-03-03T10:00`);
  const deeVisit = await visit(dee.id, south, `${Y}-04-10T11:00`);

  await decide(db, organisationId, users, {
    appointmentId: annVisit.id,
    patientId: ann.id,
    icdCode: 'E1122',
    status: 'accepted',
    history: [
      ['coder', 'accepted', `${Y}-02-14T12:00:00Z`],
      ['provider', 'accepted', `${Y}-02-16T12:00:00Z`],
    ],
  });
  await decide(db, organisationId, users, {
    appointmentId: annVisit.id,
    patientId: ann.id,
    icdCode: 'I5022',
    status: 'rejected',
    history: [
      ['coder', 'accepted', `${Y}-02-14T12:00:00Z`],
      ['provider', 'rejected', `${Y}-02-16T12:00:00Z`],
    ],
  });
  await decide(db, organisationId, users, {
    appointmentId: annVisit.id,
    patientId: ann.id,
    icdCode: 'Z794',
    status: 'accepted',
    isAdded: true,
    history: [['provider', 'accepted', `${Y}-02-16T12:00:00Z`]],
  });
  await decide(db, organisationId, users, {
    appointmentId: calVisit.id,
    patientId: cal.id,
    icdCode: 'E119',
    status: 'accepted',
    history: [['coder', 'accepted', `${Y}-03-05T12:00:00Z`]],
  });
  await decide(db, organisationId, users, {
    appointmentId: deeVisit.id,
    patientId: dee.id,
    icdCode: 'I5022',
    status: 'rejected',
    history: [['coder', 'rejected', `${Y}-04-08T12:00:00Z`]],
  });

  await push(db, organisationId, {
    appointmentId: annVisit.id,
    icdCode: 'E1122',
    status: 'written',
    at: `${Y}-02-16T13:00:00Z`,
  });
  await push(db, organisationId, {
    appointmentId: annVisit.id,
    icdCode: 'Z794',
    status: 'failed',
    failureReason: 'EncounterIdMissing',
    at: `${Y}-02-16T13:00:00Z`,
  });
  await push(db, organisationId, {
    appointmentId: calVisit.id,
    icdCode: 'E119',
    status: 'written',
    at: `${Y}-03-05T13:00:00Z`,
  });
  await push(db, organisationId, {
    appointmentId: calVisit.id,
    icdCode: 'E6601',
    status: 'pending',
    at: `${Y}-03-05T13:00:00Z`,
  });

  await analysis(db, {
    organisationId,
    patientId: ann.id,
    suggestions: [suggestion('I5022', 'Recapture')],
    current: 1.2,
    potential: 1.5,
  });
  await analysis(db, { organisationId, patientId: ben.id, suggestions: [], current: 0.8, potential: 0.8 });
  await analysis(db, {
    organisationId,
    patientId: cal.id,
    suggestions: [
      suggestion('E6601', 'Suspect', 'meets-diagnostic-criteria'),
      suggestion('N184', 'Suspect', 'documented-elsewhere'),
    ],
    current: 1.0,
    potential: 1.9,
  });
  await analysis(db, {
    organisationId,
    patientId: dee.id,
    suggestions: [suggestion('I5022', 'Recapture')],
    current: 0.5,
    potential: 0.9,
  });

  await db.transaction((tx) => rebuildRiskAnalytics(tx, { organisationId, today: riskClock.today() }));
  return {
    organisationId,
    year,
    north,
    south,
    patientIds: { ann: ann.id, ben: ben.id, cal: cal.id, dee: dee.id, eve: eve.id, fay: fay.id },
    visitIds: { annVisit: annVisit.id, calVisit: calVisit.id, deeVisit: deeVisit.id },
  };
}
