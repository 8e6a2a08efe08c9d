import { isEcqmMeasureId, measureFacts } from '@cairn/clinical/ecqm';
import type {
  EndpointBody,
  EndpointResponse,
  getQualitySatisfactionRate,
  QualityTarget,
  setQualityTarget,
} from '@cairn/contracts';
import { isViewOnly, writeAudit, type AuthContext, type CareScope } from '../../access';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { defaultTargetPercent, measureRatesOf, rateDays } from './quality-rates';
import { countRates, listRateYears } from './quality-rates.repository';
import { QUALITY_TARGETS_KEY, readTargets, writeTarget } from './quality-targets.repository';
import { findChosenProviders } from './quality-worklist.repository';
import { clock, openWorkspace, type Caller } from './quality.service';

type SatisfactionRate = EndpointResponse<typeof getQualitySatisfactionRate>['result'];

/** Whether a measure is inverse (lower is better), as the measure catalog says; a measure it does not know is not. */
function isInverse(measureId: string): boolean {
  return isEcqmMeasureId(measureId) && measureFacts(measureId).inverse;
}

/**
 * Who sets the organisation's targets: an admin, or a quality lead (the workspace open to them) who sees
 * the whole organisation and is not view-only; a provider who sees only their patients does not.
 */
function maySetTargets(auth: AuthContext, scope: CareScope): boolean {
  return auth.isAdmin || (scope.providerIds === undefined && !isViewOnly(auth));
}

function targetOf(targets: ReadonlyMap<string, number>, measureId: string, inverse: boolean): QualityTarget {
  const own = targets.get(measureId);
  return { measureId, percent: own ?? defaultTargetPercent(inverse), isDefault: own === undefined };
}

/**
 * Each measure's performance rate in the caller's scope (the worklist's), by month, provider or clinic,
 * with the organisation's target. Numbers only: no patient is shown, so no patient read is audited.
 */
export async function getSatisfactionRate(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getQualitySatisfactionRate>,
): Promise<SatisfactionRate> {
  const scope = await openWorkspace(db, caller.auth);
  const { filters, grouping } = body;
  const fromMonth = filters.fromMonth ?? 1;
  const toMonth = filters.toMonth ?? 12;
  const [years, targets, chosenProviderIds] = await Promise.all([
    listRateYears(db, scope.organisationId),
    readTargets(db, scope.organisationId),
    findChosenProviders(db, scope.organisationId, filters),
  ]);
  const year = filters.year ?? years[0] ?? null;
  const base = { year, years, grouping, fromMonth, toMonth, canSetTargets: maySetTargets(caller.auth, scope) };
  if (year === null) return { ...base, measures: [] };
  const days = rateDays({ year, fromMonth, toMonth, grouping, today: clock().today });
  const counts =
    days.length === 0
      ? []
      : await countRates(db, {
          scope,
          measureIds: filters.measureIds?.length ? filters.measureIds : undefined,
          chosenProviderIds,
          periodStart: `${String(year)}-01-01`,
          grouping,
          asOf: days.map((day) => day.asOf),
        });
  const measures = measureRatesOf({
    counts,
    grouping,
    days,
    isInverse,
    targetOf: (measureId, inverse) => targetOf(targets, measureId, inverse),
  });
  return { ...base, measures };
}

/** Sets (or with null clears) the organisation's target for a measure; audited as an organisation change. */
export async function setTarget(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof setQualityTarget>,
): Promise<QualityTarget> {
  const { auth } = caller;
  const scope = await openWorkspace(db, auth);
  if (!maySetTargets(auth, scope)) {
    throw new AppError('FORBIDDEN', 'Targets are set by an admin or a quality lead of the whole organisation.');
  }
  const percent = body.targetPercent === null ? null : Math.round(body.targetPercent * 10) / 10;
  await writeTarget(db, { organisationId: auth.organisationId, measureId: body.measureId, percent });
  await writeAudit(db, {
    organisationId: auth.organisationId,
    userId: auth.userId,
    action: 'organisation.settings.update',
    clientAddress: caller.request.ip,
    details: { setting: QUALITY_TARGETS_KEY, measureId: body.measureId, targetPercent: percent },
  });
  return targetOf(await readTargets(db, auth.organisationId), body.measureId, isInverse(body.measureId));
}
