import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, claimDiagnoses, conditions, coverages } from '../../db/clinical-schema';

/** Reads of the patient's record the diagnosis workflow needs, scoped by organisation and patient. */

/**
 * The ICD-10-CM codes coded for the patient between `from` and `to`: conditions (not refuted) and
 * claim diagnoses, the latest date of each code per source.
 */
export async function listCodedDiagnoses(
  db: Db,
  options: { organisationId: string; patientId: string; from: string; to: string },
): Promise<{ icdCode: string; lastCodedOn: string; source: 'EHR' | 'HIE' | 'Claim' }[]> {
  const conditionDate = sql`coalesce(${conditions.recordedDate}, ${conditions.onsetDate}, ${conditions.updatedAt}::date)`;
  const [conditionRows, claimRows] = await Promise.all([
    db
      .select({
        icdCode: sql<string>`${conditions.icdCode}`,
        lastCodedOn: sql<string>`max(${conditionDate})::text`,
        source: conditions.source,
      })
      .from(conditions)
      .where(
        and(
          eq(conditions.patientId, options.patientId),
          eq(conditions.organisationId, options.organisationId),
          sql`${conditions.icdCode} is not null`,
          sql`coalesce(${conditions.verificationStatus}, '') not in ('refuted', 'entered-in-error')`,
          sql`${conditionDate} between ${options.from}::date and ${options.to}::date`,
        ),
      )
      .groupBy(conditions.icdCode, conditions.source),
    db
      .select({ icdCode: claimDiagnoses.icdCode, lastCodedOn: sql<string>`max(${claimDiagnoses.serviceDate})::text` })
      .from(claimDiagnoses)
      .where(
        and(
          eq(claimDiagnoses.patientId, options.patientId),
          eq(claimDiagnoses.organisationId, options.organisationId),
          sql`${claimDiagnoses.serviceDate} between ${options.from}::date and ${options.to}::date`,
        ),
      )
      .groupBy(claimDiagnoses.icdCode),
  ]);
  return [
    ...conditionRows.map((row) => ({ ...row, source: row.source === 'HIE' ? ('HIE' as const) : ('EHR' as const) })),
    ...claimRows.map((row) => ({ ...row, source: 'Claim' as const })),
  ];
}

export function listCoverages(db: Db, organisationId: string, patientId: string) {
  return db
    .select()
    .from(coverages)
    .where(and(eq(coverages.patientId, patientId), eq(coverages.organisationId, organisationId)));
}

/** The diagnoses of the visit's encounter as Cairn holds them (encounter diagnoses read from the EHR). */
export function listEncounterDiagnoses(db: Db, organisationId: string, appointmentId: string) {
  return db
    .selectDistinct({ icdCode: sql<string>`${conditions.icdCode}`, description: conditions.display })
    .from(appointments)
    .innerJoin(
      conditions,
      and(eq(conditions.patientId, appointments.patientId), eq(conditions.encounterId, appointments.encounterId)),
    )
    .where(
      and(
        eq(appointments.organisationId, organisationId),
        eq(appointments.id, appointmentId),
        sql`${conditions.icdCode} is not null`,
      ),
    );
}
