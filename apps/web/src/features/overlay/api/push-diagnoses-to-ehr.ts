import {
  PUSH_FAILURE_REASONS,
  addSummaryInsightActions,
  getDxCaptureData,
  push2emrApi,
  type InsightAction,
  type ConditionWriteResult,
  type PushDiagnosesResult,
  type PushFailureReason,
} from '@cairn/contracts';
import { api } from '../../../lib/api';
import { cartChange, findDecisionVersion } from '../../cart';
import { ApiError } from '../../../lib/api-error';

export type DiagnosisPushOutcome = PushDiagnosesResult['results'][number];

/** The add-on's message field holds at most 300 characters. */
const MESSAGE_LIMIT = 300;

/**
 * Writes the add-on's codes to the visit's EHR encounter (`push2emrApi`) and answers one outcome per
 * code, in the add-on's order and spelling: written is pushed; a push-failure reason of spec §3 is
 * passed on; anything else the EHR said is `EhrError` with its text. A call that fails fails every code.
 * The server writes only the visit's cart: the codes the clinician asked for in the EHR join it first,
 * as their decision (a suggestion is accepted, any other code added), recorded and shown like any other.
 */
export async function pushDiagnosesToEhr(summaryId: string, icd10Codes: string[]): Promise<DiagnosisPushOutcome[]> {
  let results: ConditionWriteResult[];
  try {
    await putInCart(summaryId, icd10Codes);
    ({
      result: { results },
    } = await api.call(push2emrApi, { sid: summaryId, icdCodes: icd10Codes }));
  } catch (error) {
    const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Network Error';
    return icd10Codes.map((icd10Code) => ehrError(icd10Code, message));
  }
  const byCode = new Map(results.map((result) => [normalizeCode(result.icdCode), result]));
  return icd10Codes.map((icd10Code) => {
    const result = byCode.get(normalizeCode(icd10Code));
    if (!result) return ehrError(icd10Code, 'Cairn had no answer for this code');
    if (result.status === 'written') return { icd10Code, status: 'pushed' };
    if (isPushFailureReason(result.reason)) return { icd10Code, status: 'failed', reason: result.reason };
    return ehrError(icd10Code, result.reason ?? 'The EHR did not take this diagnosis');
  });
}

/** Accepts or adds each code the visit's cart does not hold yet, at the decision's current version. */
async function putInCart(summaryId: string, icd10Codes: string[]): Promise<void> {
  const data = (await api.call(getDxCaptureData, { sid: summaryId, isGroupingOn: false })).result;
  const inCart = new Set(data.cart.map((item) => normalizeCode(item.icdCode)));
  const suggested = new Set(data.groups.flatMap((group) => group.items.map((item) => normalizeCode(item.icdCode))));
  const actions = [...new Set(icd10Codes.map(normalizeCode))]
    .filter((code) => !inCart.has(code))
    .map((code): InsightAction => ({
      icdCode: code,
      action: suggested.has(code) ? 'accept' : 'add',
      expectedVersion: findDecisionVersion(data, code) ?? 0,
    }));
  if (actions.length > 0) await api.call(addSummaryInsightActions, cartChange(data, actions));
}

function ehrError(icd10Code: string, message: string): DiagnosisPushOutcome {
  return { icd10Code, status: 'failed', reason: 'EhrError', message: message.slice(0, MESSAGE_LIMIT) };
}

export function isPushFailureReason(reason: string | undefined): reason is PushFailureReason {
  return PUSH_FAILURE_REASONS.some((known) => known === reason);
}

/** The server may answer `E119` for the add-on's `e11.9`: both name one code. */
function normalizeCode(code: string): string {
  return code.trim().toUpperCase().replace('.', '');
}
