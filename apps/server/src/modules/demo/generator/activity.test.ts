import { describe, expect, it } from 'vitest';
import { generateActivity, type ActivityVisit } from './activity';
import { addDays } from './random';
import { codesOf } from './suggested-codes';
import type { NewId } from './types';
import { generateUsageEvents } from './usage-events';

const TODAY = '2026-11-21';
const MAYA = 'provider-maya';

function counterIds(): NewId {
  let next = 0;
  return () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;
}

/** Two visits a week over the year, half of them Maya Rivera's, each patient with diabetes and heart failure. */
function visits(): ActivityVisit[] {
  return Array.from({ length: 104 }, (_, index) => {
    const [year, month, day] = addDays(TODAY, -3 - Math.round(index * 3.5))
      .split('-')
      .map(Number) as [number, number, number];
    return {
      appointmentId: `visit-${String(index)}`,
      sourceId: `test-${String(index)}-appointment-1`,
      patientId: `patient-${String(index)}`,
      providerId: index % 2 === 0 ? MAYA : 'provider-other',
      startAt: new Date(year, month - 1, day, 9, 30),
      ...codesOf({ problemCodes: ['E119', 'I5022', 'I10'], rxnormCodes: ['1364445'] }),
    };
  });
}

function generate() {
  const activity = generateActivity({
    organisationId: 'organisation',
    seed: 3,
    today: TODAY,
    visits: visits(),
    users: { coder: 'coder', providers: new Map([[MAYA, 'maya']]) },
    newId: counterIds(),
  });
  const events = generateUsageEvents({
    organisationId: 'organisation',
    seed: 3,
    today: TODAY,
    opens: activity.opens,
    users: { scheduleUsers: ['maya', 'coder'], qualityUser: 'quality' },
  });
  return { activity, events };
}

describe('a year of work in Cairn', () => {
  it('gives the same decisions, writes and events for the same visits', () => {
    expect(generate()).toEqual(generate());
  });

  it("decides the codes the patient's suggestions hold, adds only codes Cairn does not suggest", () => {
    const { decisions } = generate().activity;
    expect(new Set(decisions.filter((row) => !row.isAdded).map((row) => row.icdCode))).toEqual(
      new Set(['E119', 'I5022', 'I4891']),
    );
    expect(decisions.filter((row) => row.isAdded).every((row) => row.icdCode === 'I10')).toBe(true);
  });

  it('leaves the decisions of visits of providers who do not use Cairn to the coder, who sends the scrub first', () => {
    const { decisions, visitStates } = generate().activity;
    const others = decisions.filter((row) => Number(row.appointmentId.slice(6)) % 2 === 1);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((row) => row.decidedBy === 'coder' && row.deciderRole === 'coder')).toBe(true);
    const scrubbed = visitStates.filter((row) => row.scrubSentAt);
    const visitDay = new Map(visits().map((visit) => [visit.appointmentId, visit.startAt]));
    expect(scrubbed.every((row) => (row.scrubSentAt ?? new Date()) < (visitDay.get(row.appointmentId) ?? 0))).toBe(
      true,
    );
  });

  it('writes to the EHR only accepted codes, after their decision', () => {
    const { decisions, writes } = generate().activity;
    const decided = new Map(decisions.map((row) => [`${row.appointmentId} ${row.icdCode}`, row]));
    for (const write of writes) {
      const decision = decided.get(`${write.appointmentId} ${write.icdCode}`);
      expect(decision?.status).toBe('accepted');
      expect((write.createdAt ?? new Date(0)) > (decision?.decidedAt ?? new Date())).toBe(true);
    }
  });
});
