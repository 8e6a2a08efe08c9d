import { VISIT_REASONS, VISIT_TYPES } from './catalog';
import { drawFor } from './random';
import type { AppointmentRow, CareProvider, NewId } from './types';

export interface AppointmentValues {
  id: string;
  organisationId: string;
  patientId: string;
  provider: CareProvider;
  /** The schedule's day, `YYYY-MM-DD`. */
  date: string;
  /** Minutes after local midnight. */
  minutes: number;
  status: string;
  visitType: string;
  reason: string | null;
  encounterId?: string;
  sourceId: string;
  durationMinutes?: number;
}

/** An appointment at a local wall time of the server on `date` (the day the schedule shows it on). */
export function appointmentRow(values: AppointmentValues): AppointmentRow {
  const [year, month, day] = values.date.split('-').map(Number) as [number, number, number];
  const startAt = new Date(year, month - 1, day, Math.floor(values.minutes / 60), values.minutes % 60);
  return {
    id: values.id,
    organisationId: values.organisationId,
    patientId: values.patientId,
    providerId: values.provider.id,
    departmentId: values.provider.departmentId || null,
    encounterId: values.encounterId ?? null,
    status: values.status,
    visitType: values.visitType,
    reason: values.reason,
    startAt,
    endAt: new Date(startAt.getTime() + (values.durationMinutes ?? 20) * 60_000),
    serviceDate: values.date,
    source: 'EHR',
    sourceId: values.sourceId,
  };
}

export interface TodayVisitOptions {
  id: string;
  organisationId: string;
  seed: number;
  date: string;
  provider: CareProvider;
  /** Unique per provider: source ids are `<prefix>-visit-<date>-<position>`. */
  prefix: string;
  patientId: string;
  /** The visit's place in the provider's day, of `slots` visits. */
  position: number;
  slots: number;
}

const DAY_START = 8 * 60;
const DAY_END = 17 * 60;

/**
 * One booked visit of a provider's day: `slots` visits spread evenly from 08:00 to 17:00 local time
 * (the last starting before 17:00). Deterministic for a seed, date, prefix and position.
 */
export function todayVisit(options: TodayVisitOptions): AppointmentRow {
  const slot = (DAY_END - DAY_START) / Math.max(1, options.slots);
  const draw = drawFor(options.seed ^ Number(options.date.replaceAll('-', '')), options.position);
  return appointmentRow({
    id: options.id,
    organisationId: options.organisationId,
    patientId: options.patientId,
    provider: options.provider,
    date: options.date,
    minutes: DAY_START + Math.floor((options.position * slot) / 5) * 5,
    durationMinutes: Math.max(10, Math.min(30, Math.floor(slot / 5) * 5)),
    status: 'booked',
    visitType: draw.pick(VISIT_TYPES),
    reason: draw.pick(VISIT_REASONS),
    sourceId: `${options.prefix}-visit-${options.date}-${String(options.position)}`,
  });
}

/** A provider's whole day: one booked visit per patient, in order. */
export function scheduleDay(
  options: Omit<TodayVisitOptions, 'id' | 'patientId' | 'position' | 'slots'> & {
    patientIds: readonly string[];
    newId: NewId;
  },
): AppointmentRow[] {
  const { patientIds, newId, ...visit } = options;
  return patientIds.map((patientId, position) =>
    todayVisit({ ...visit, id: newId(), patientId, position, slots: patientIds.length }),
  );
}
