import type { StoredAddressedCondition, StoredCarePlanActivity, StoredConcept } from '../../db/clinical-schema';
import { storedReasons } from './coded-reasons';
import type { CodeableConcept, FhirResource, Period, Reference } from './fhir-types';
import { dateOf, nonEmpty, storedCodings } from './fhir-values';
import type { MapContext, MappedRow } from './fhir-mapping';
import { encounterOf, patientOf } from './map-encounters';

interface CarePlanResource extends FhirResource {
  status?: string;
  intent?: string;
  category?: CodeableConcept[];
  title?: string;
  description?: string;
  subject?: Reference;
  encounter?: Reference;
  period?: Period;
  created?: string;
  addresses?: Reference[];
  activity?: { detail?: { code?: CodeableConcept; status?: string; reasonCode?: CodeableConcept[] } }[];
}

function storedConcept(concept: CodeableConcept): StoredConcept {
  const text = nonEmpty(typeof concept.text === 'string' ? concept.text : undefined);
  return { ...(text === undefined ? {} : { text }), codings: storedCodings(concept) };
}

const isEmpty = (concept: StoredConcept): boolean => concept.text === undefined && concept.codings.length === 0;

/**
 * What `CarePlan.addresses` points at: a Condition by its source id (the import resolves it to the
 * condition row when the record is read, whichever bundle brought the Condition), with the reference's
 * display. A reference to another type is not a condition and is left out.
 */
function addressedCondition(context: MapContext, reference: Reference): StoredAddressedCondition[] {
  const target = context.target(reference);
  const isCondition = target !== undefined && (target.type === undefined || target.type === 'Condition');
  const display = nonEmpty(reference.display) ?? null;
  if (!isCondition && display === null) return [];
  if (target !== undefined && !isCondition) return [];
  return [{ conditionSourceId: isCondition ? target.sourceId : null, display }];
}

function activityOf(
  detail: NonNullable<NonNullable<CarePlanResource['activity']>[number]['detail']>,
  context: MapContext,
): StoredCarePlanActivity {
  const code = detail.code ? storedConcept(detail.code) : undefined;
  return {
    code: code && !isEmpty(code) ? code : null,
    status: detail.status ?? null,
    reasons: storedReasons(detail.reasonCode, context),
  };
}

/**
 * CarePlan -> care_plans (US Core CarePlan and Synthea's): status, intent, period, categories, title and
 * description, the conditions it addresses, and each activity's code, status and coded reasons (SNOMED
 * CT mapped to ICD-10-CM as a Condition's code is).
 */
export function mapCarePlan(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const plan = resource as CarePlanResource;
  return [
    {
      table: 'carePlans',
      values: {
        sourceId,
        status: plan.status ?? 'unknown',
        intent: plan.intent ?? 'plan',
        title: nonEmpty(plan.title) ?? null,
        description: nonEmpty(plan.description) ?? null,
        categories: (plan.category ?? []).map(storedConcept).filter((concept) => !isEmpty(concept)),
        periodStart: dateOf(plan.period?.start) ?? null,
        periodEnd: dateOf(plan.period?.end) ?? null,
        createdDate: dateOf(plan.created) ?? null,
        addresses: (plan.addresses ?? []).flatMap((reference) => addressedCondition(context, reference)),
        activities: (plan.activity ?? []).flatMap((activity) =>
          activity.detail ? [activityOf(activity.detail, context)] : [],
        ),
      },
      refs: { patientId: patientOf(context, plan.subject), ...encounterOf(context, plan.encounter) },
    },
  ];
}
