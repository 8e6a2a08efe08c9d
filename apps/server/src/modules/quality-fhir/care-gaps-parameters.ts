/**
 * The `$care-gaps` input parameters as the contract validates them (`careGapsParameters` of
 * `@cairn/contracts`), from a GET's query string or a POST's FHIR `Parameters` resource. A parameter that
 * is missing, malformed or not supported is a 400 OperationOutcome naming it.
 */
import { getCareGaps, type CareGapsParameters } from '@cairn/contracts';
import type { Parameters } from 'fhir/r4';
import type { z } from 'zod';
import { FhirError, type FhirIssue } from './fhir-outcome';

/** The raw parameters of a POST body: each part's value as a string, repeated parts as lists. */
export function parametersOfResource(body: unknown): Record<string, unknown> {
  const resource = body as Partial<Parameters> | undefined;
  if (resource?.resourceType !== 'Parameters') {
    throw FhirError.invalid('The body must be a FHIR Parameters resource.', 'Parameters');
  }
  const raw: Record<string, unknown[]> = {};
  for (const part of resource.parameter ?? []) {
    const value: unknown = Object.entries(part as unknown as Record<string, unknown>).find(([key]) =>
      key.startsWith('value'),
    )?.[1];
    (raw[part.name] ??= []).push(typeof value === 'number' ? String(value) : value);
  }
  return Object.fromEntries(
    Object.entries(raw).map(([name, values]) => [name, values.length === 1 ? values[0] : values]),
  );
}

/** The validated parameters, or a 400 naming each parameter at fault. */
export function readCareGapsParameters(raw: Record<string, unknown>): CareGapsParameters {
  const parsed = getCareGaps.body.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new FhirError(
    400,
    parsed.error.issues.flatMap((issue) => toFhirIssues(issue, raw)),
  );
}

const UNSUPPORTED: Record<string, string> = {
  topic: 'Cairn does not select measures by topic: give measureId, measureIdentifier or measureUrl.',
  program: 'Cairn does not select measures by program: give measureId, measureIdentifier or measureUrl.',
  practitioner: 'Cairn does not report gaps by practitioner: give a subject or the organization.',
};

function toFhirIssues(issue: z.core.$ZodIssue, raw: Record<string, unknown>): FhirIssue[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      code: 'not-supported',
      diagnostics: UNSUPPORTED[key] ?? `Unknown parameter ${key}.`,
      parameter: key,
    }));
  }
  const parameter = String(issue.path[0] ?? '');
  const isMissing = raw[parameter] === undefined && issue.code === 'invalid_type';
  return [
    {
      code: isMissing ? 'required' : 'invalid',
      diagnostics: isMissing ? `${parameter} is required.` : `${parameter}: ${issue.message}.`,
      parameter,
    },
  ];
}
