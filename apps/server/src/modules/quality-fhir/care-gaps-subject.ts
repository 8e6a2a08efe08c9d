/**
 * The patient a `$care-gaps` subject names: `Patient/<Cairn patient id>`, or by identifier as FHIR's
 * conditional references write it, `Patient?identifier=[system|]<value>` (the MRN, or an identifier of the
 * EHR's Patient). A patient of another organisation, or outside the caller's scope, is not found, exactly
 * as one that does not exist (404: nothing leaks).
 */
import type { CareScope } from '../../access';
import type { Db } from '../../db/client';
import { findPatientById, findPatientsByIdentifier, type CareGapsPatientRow } from './care-gaps.repository';
import { FhirError } from './fhir-outcome';

const notFound = (): FhirError => FhirError.notFound('No such patient.', 'subject');

export async function resolveSubject(db: Db, scope: CareScope, subject: string): Promise<CareGapsPatientRow> {
  const byId = /^Patient\/([A-Za-z0-9\-.]{1,64})$/.exec(subject);
  if (byId?.[1]) return (await findPatientById(db, scope, byId[1])) ?? throwError(notFound());
  const byIdentifier = /^Patient\?identifier=(.+)$/.exec(subject);
  if (byIdentifier?.[1]) {
    const token = byIdentifier[1];
    const bar = token.indexOf('|');
    const identifier =
      bar < 0
        ? { system: undefined, value: token }
        : { system: token.slice(0, bar) || undefined, value: token.slice(bar + 1) };
    const found = await findPatientsByIdentifier(db, scope, identifier);
    if (found.length > 1)
      throw FhirError.invalid('The identifier names more than one patient: give its system.', 'subject');
    return found[0] ?? throwError(notFound());
  }
  if (subject.startsWith('Group/')) {
    throw new FhirError(400, [
      {
        code: 'not-supported',
        diagnostics: 'Cairn keeps no groups: give a Patient or the organization.',
        parameter: 'subject',
      },
    ]);
  }
  throw FhirError.invalid('A subject is Patient/<id> or Patient?identifier=[system|]<value>.', 'subject');
}

function throwError(error: FhirError): never {
  throw error;
}
