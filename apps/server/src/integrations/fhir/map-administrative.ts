import {
  type Address,
  type CodeableConcept,
  type ContactPoint,
  type FhirResource,
  type HumanName,
  type Identifier,
  type Period,
  type Reference,
  SYSTEMS,
} from './fhir-types';
import { dateOf, MappingError, nonEmpty, officialName, requireDate } from './fhir-values';
import type { MapContext, MappedRow } from './fhir-mapping';

interface OrganizationResource extends FhirResource {
  name?: string;
}
interface LocationResource extends FhirResource {
  name?: string;
  managingOrganization?: Reference;
}
interface PractitionerResource extends FhirResource {
  name?: HumanName[];
  identifier?: Identifier[];
}
interface PatientResource extends FhirResource {
  identifier?: Identifier[];
  name?: HumanName[];
  birthDate?: string;
  gender?: string;
  deceasedDateTime?: string;
  address?: Address[];
  telecom?: ContactPoint[];
  generalPractitioner?: Reference[];
}
interface CoverageResource extends FhirResource {
  status?: string;
  type?: CodeableConcept;
  beneficiary?: Reference;
  payor?: Reference[];
  class?: { type?: CodeableConcept; value?: string; name?: string }[];
  period?: Period;
}

/** Organization -> clinics. */
export function mapOrganization(resource: FhirResource, sourceId: string): MappedRow[] {
  const organization = resource as OrganizationResource;
  return [{ table: 'clinics', values: { sourceId, name: nonEmpty(organization.name) ?? 'Unnamed clinic' }, refs: {} }];
}

/** Location -> departments of the clinic that manages it. */
export function mapLocation(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const location = resource as LocationResource;
  const clinic = context.target(location.managingOrganization);
  if (!clinic) throw new MappingError('location without managingOrganization');
  return [
    {
      table: 'departments',
      values: { sourceId, name: nonEmpty(location.name) ?? 'Unnamed department' },
      refs: { clinicId: clinic.sourceId },
    },
  ];
}

/** Practitioner -> providers. */
export function mapPractitioner(resource: FhirResource, sourceId: string): MappedRow[] {
  const practitioner = resource as PractitionerResource;
  const name = officialName(practitioner.name);
  const lastName = nonEmpty(name?.family) ?? nonEmpty(name?.text);
  if (!lastName) throw new MappingError('practitioner without a name');
  return [
    {
      table: 'providers',
      values: {
        sourceId,
        firstName: (name?.given ?? []).join(' '),
        lastName,
        suffix: name?.suffix?.length ? name.suffix.join(' ') : null,
        npi: practitioner.identifier?.find((identifier) => identifier.system === SYSTEMS.npi)?.value ?? null,
      },
      refs: {},
    },
  ];
}

const GENDERS = new Set(['male', 'female', 'other', 'unknown']);

/** Patient -> patients; the MRN is the identifier typed MR. */
export function mapPatient(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const patient = resource as PatientResource;
  const name = officialName(patient.name);
  const identifiers = (patient.identifier ?? []).filter((identifier) => typeof identifier.value === 'string');
  const mrn = identifiers.find((identifier) => identifier.type?.coding?.some((coding) => coding.code === 'MR'));
  const phone =
    patient.telecom?.find((point) => point.system === 'phone' && point.use !== 'work') ??
    patient.telecom?.find((point) => point.system === 'phone');
  const provider = patient.generalPractitioner
    ?.map((reference) => context.target(reference))
    .find((target) => target?.type === 'Practitioner');
  return [
    {
      table: 'patients',
      values: {
        sourceId,
        mrn: mrn?.value ?? null,
        firstName: (name?.given ?? []).join(' '),
        lastName: name?.family ?? '',
        birthDate: requireDate(patient.birthDate, 'birthDate'),
        gender: patient.gender && GENDERS.has(patient.gender) ? patient.gender : 'unknown',
        deceasedDate: dateOf(patient.deceasedDateTime) ?? null,
        phone: phone?.value ?? null,
        address: addressLine(patient.address?.[0]) ?? null,
        identifiers: identifiers.map((identifier) => ({ system: identifier.system, value: identifier.value ?? '' })),
      },
      refs: provider ? { primaryProviderId: provider.sourceId } : {},
    },
  ];
}

function addressLine(address: Address | undefined): string | undefined {
  if (!address) return undefined;
  if (address.text) return address.text;
  const parts = [...(address.line ?? []), address.city, [address.state, address.postalCode].filter(Boolean).join(' ')];
  return nonEmpty(parts.filter(Boolean).join(', '));
}

/** Coverage -> coverages: payer, plan (class), type and period. */
export function mapCoverage(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const coverage = resource as CoverageResource;
  const patient = context.target(coverage.beneficiary);
  if (!patient) throw new MappingError('coverage without beneficiary');
  const payorReference = coverage.payor?.[0];
  const payorResource = context.resolve<OrganizationResource>(payorReference);
  const planClass =
    coverage.class?.find((item) => item.type?.coding?.some((coding) => coding.code === 'plan')) ?? coverage.class?.[0];
  return [
    {
      table: 'coverages',
      values: {
        sourceId,
        payer: nonEmpty(payorReference?.display) ?? nonEmpty(payorResource?.name) ?? 'Unknown payer',
        plan: planClass?.name ?? planClass?.value ?? null,
        typeCode: coverage.type?.coding?.[0]?.code ?? null,
        status: coverage.status ?? 'active',
        periodStart: dateOf(coverage.period?.start) ?? null,
        periodEnd: dateOf(coverage.period?.end) ?? null,
      },
      refs: { patientId: patient.sourceId },
    },
  ];
}
