import { storedReasons } from './coded-reasons';
import type { CodeableConcept, FhirResource, Period, Reference } from './fhir-types';
import { dateOf, displayOf, MappingError, requireDate, storedCodings } from './fhir-values';
import type { MapContext, MappedRow } from './fhir-mapping';

interface EncounterResource extends FhirResource {
  status?: string;
  class?: { code?: string };
  type?: CodeableConcept[];
  subject?: Reference;
  participant?: { individual?: Reference }[];
  period?: Period;
  reasonCode?: CodeableConcept[];
  serviceProvider?: Reference;
  appointment?: Reference[];
}
interface AppointmentResource extends FhirResource {
  status?: string;
  appointmentType?: CodeableConcept;
  serviceType?: CodeableConcept[];
  reasonCode?: CodeableConcept[];
  description?: string;
  start?: string;
  end?: string;
  participant?: { actor?: Reference }[];
}

/** The patient a resource is about: required, or the resource is rejected. */
export function patientOf(context: MapContext, reference: Reference | undefined): string {
  const target = context.target(reference);
  if (!target) throw new MappingError('no subject');
  if (target.type !== undefined && target.type !== 'Patient') throw new MappingError('subject is not a patient');
  return target.sourceId;
}

/** The encounter a resource belongs to, when it names one. */
export function encounterOf(
  context: MapContext,
  reference: Reference | undefined,
): Partial<Record<'encounterId', string>> {
  const target = context.target(reference);
  return target ? { encounterId: target.sourceId } : {};
}

function targetOfType(context: MapContext, references: (Reference | undefined)[], type: string): string | undefined {
  for (const reference of references) {
    const target = context.target(reference);
    if (target?.type === type) return target.sourceId;
  }
  return undefined;
}

export function mapEncounter(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const encounter = resource as EncounterResource;
  const providerId = targetOfType(
    context,
    (encounter.participant ?? []).map((item) => item.individual),
    'Practitioner',
  );
  const clinicId = targetOfType(context, [encounter.serviceProvider], 'Organization');
  const appointmentSourceIds = (encounter.appointment ?? []).flatMap((reference) => {
    const target = context.target(reference);
    return target && (target.type === undefined || target.type === 'Appointment') ? [target.sourceId] : [];
  });
  return [
    {
      table: 'encounters',
      values: {
        sourceId,
        status: encounter.status ?? 'finished',
        classCode: encounter.class?.code ?? null,
        types: (encounter.type ?? []).flatMap((type) => storedCodings(type)),
        reason: displayOf(encounter.reasonCode?.[0]) ?? null,
        reasons: storedReasons(encounter.reasonCode, context),
        startDate: requireDate(encounter.period?.start, 'period.start'),
        endDate: dateOf(encounter.period?.end) ?? null,
      },
      refs: {
        patientId: patientOf(context, encounter.subject),
        ...(providerId ? { providerId } : {}),
        ...(clinicId ? { clinicId } : {}),
      },
      ...(appointmentSourceIds.length > 0 ? { appointmentSourceIds } : {}),
    },
  ];
}

/**
 * Appointment: `serviceDate` is the calendar day of `start` as written, `startAt` the instant. R4's
 * Appointment does not name its encounter; the Encounter names the Appointment, so the link comes
 * from an Encounter of the same bundle.
 */
export function mapAppointment(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const appointment = resource as AppointmentResource;
  const actors = (appointment.participant ?? []).map((participant) => participant.actor);
  const start = appointment.start;
  const startAt = start ? new Date(start) : undefined;
  if (!start || !startAt || Number.isNaN(startAt.getTime())) throw new MappingError('missing or invalid start');
  const endAt = appointment.end ? new Date(appointment.end) : undefined;
  const patientId = targetOfType(context, actors, 'Patient');
  if (!patientId) throw new MappingError('no patient participant');
  const providerId = targetOfType(context, actors, 'Practitioner');
  const departmentId = targetOfType(context, actors, 'Location');
  const encounterId = context.encounterOfAppointment(sourceId);
  return [
    {
      table: 'appointments',
      values: {
        sourceId,
        status: appointment.status ?? 'booked',
        visitType: displayOf(appointment.appointmentType) ?? displayOf(appointment.serviceType?.[0]) ?? '',
        reason: displayOf(appointment.reasonCode?.[0]) ?? appointment.description ?? null,
        startAt,
        endAt: endAt && !Number.isNaN(endAt.getTime()) ? endAt : null,
        serviceDate: requireDate(start, 'start'),
      },
      refs: {
        patientId,
        ...(providerId ? { providerId } : {}),
        ...(departmentId ? { departmentId } : {}),
        ...(encounterId ? { encounterId } : {}),
      },
    },
  ];
}
