import { isValidNpi } from '@cairn/contracts';
import { CLINICS, FIRST_NAMES, LAST_NAMES, NAMED_PROVIDERS, PROVIDER_SUFFIXES } from './catalog';
import { drawFor } from './random';
import type { CareProvider, NewId, OrganisationRows, ProviderRow } from './types';

export interface GenerateOrganisationOptions {
  organisationId: string;
  seed: number;
  /** How many providers; the first are the named ones (Maya Rivera, MD first). */
  providerCount: number;
  /** Prefix of every source id (the organisation's slug). */
  prefix: string;
  newId: NewId;
}

/**
 * Clinics, their departments and the providers placed in them, round robin. Each row comes from
 * the EHR with a deterministic source id.
 */
export function generateOrganisation(options: GenerateOrganisationOptions): OrganisationRows {
  const { organisationId, prefix, newId } = options;
  const rows: OrganisationRows = { clinics: [], departments: [], providers: [] };
  CLINICS.forEach((clinic, clinicIndex) => {
    const clinicId = newId();
    rows.clinics.push({
      id: clinicId,
      organisationId,
      name: clinic.name,
      source: 'EHR',
      sourceId: `${prefix}-clinic-${String(clinicIndex)}`,
    });
    clinic.departments.forEach((name, departmentIndex) => {
      rows.departments.push({
        id: newId(),
        organisationId,
        clinicId,
        name,
        source: 'EHR',
        sourceId: `${prefix}-department-${String(clinicIndex)}-${String(departmentIndex)}`,
      });
    });
  });
  for (let index = 0; index < options.providerCount; index += 1)
    rows.providers.push(providerRow(options, index, rows.departments[index % rows.departments.length]?.id));
  return rows;
}

function providerRow(
  options: GenerateOrganisationOptions,
  index: number,
  departmentId: string | undefined,
): ProviderRow {
  const draw = drawFor(options.seed ^ 0x5eed, index);
  const named = NAMED_PROVIDERS[index];
  const firstName = named?.firstName ?? draw.pick([...FIRST_NAMES.female, ...FIRST_NAMES.male]);
  const lastName = named?.lastName ?? draw.pick(LAST_NAMES);
  return {
    id: options.newId(),
    organisationId: options.organisationId,
    departmentId,
    firstName,
    lastName,
    suffix: named?.suffix ?? draw.pick(PROVIDER_SUFFIXES),
    npi: withNpiCheckDigit(String(100_000_000 + ((index * 7919 + options.seed) % 899_999_999))),
    source: 'EHR',
    sourceId: `${options.prefix}-provider-${String(index)}`,
  };
}

/** A valid NPI from its first nine digits: the one last digit that passes CMS's check. */
function withNpiCheckDigit(firstNine: string): string {
  const npi = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((digit) => firstNine + digit).find(isValidNpi);
  if (npi === undefined) throw new Error('no NPI check digit'); // unreachable: one of ten digits always passes
  return npi;
}

/** The provider rows as patients and visits refer to them. */
export function careProviders(rows: OrganisationRows): CareProvider[] {
  const clinicOf = new Map(rows.departments.map((department) => [department.id, department.clinicId]));
  return rows.providers.map((provider) => ({
    id: provider.id,
    name: `${provider.firstName ?? ''} ${provider.lastName}, ${provider.suffix ?? ''}`.trim(),
    departmentId: provider.departmentId ?? '',
    clinicId: clinicOf.get(provider.departmentId ?? '') ?? '',
  }));
}
