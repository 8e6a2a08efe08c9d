import { getHccModel, getIcdCatalog, type Suggestion } from '@cairn/clinical';
import {
  type CartItem,
  type DxCaptureData,
  type DxItem,
  type DxRole,
  type ExplanationGroup,
  EXPLANATION_GROUPS,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { openVisitWith, type Caller } from './dx-access';
import { decisionOut, isInCart, saveStateOf } from './dx-decision-out';
import { strongestFirst } from './dx-evidence-order';
import { evidenceOut, explanationText, listKindOf } from './dx-explanations';
import { v24PercentFor } from '../organisation-admin';
import { estimateRisk, ORGANISATION_MODEL } from './dx-risk';
import { partnerNoteOut } from './dx-partner-notes.service';
import { captureFactColumns, toCaptureFacts, type CaptureFacts } from './dx-capture.repository';
import {
  prepareVisitForCaller,
  type CodedDiagnosis,
  type EarlierRejection,
  type VisitDecisionRow,
} from './dx.repository';

const iso = (date: Date) => date.toISOString();

/**
 * The Diagnosis Summary tab of a visit (spec §7 getDxCaptureData): the current analysis's suggestions
 * with their evidence, explanations and decisions, this year's coded diagnoses, the cart with each
 * code's EHR write, the risk score, the scrub and the push, the partner-organisation notes. One
 * statement whatever the number of suggestions (the caller, their scope, the visit with its analysis
 * and the facts), then the audit.
 */
export async function getDxCaptureData(
  db: Db,
  caller: Caller,
  body: { sid: string; isGroupingOn: boolean },
): Promise<DxCaptureData> {
  const statement = preparedOnce(db, 'dx_capture', (name) => prepareVisitForCaller(db, name, captureFactColumns()));
  const { visit, actor } = await openVisitWith(caller, {
    db,
    sid: body.sid,
    what: 'dx-summary',
    read: (values) => statement.execute(values),
  });
  const { decisions, rejections, coded, coverages, partnerNotes } = toCaptureFacts(visit);
  const visitDate = visit.serviceDate;
  const suggestions = (visit.suggestions ?? []) as Suggestion[];
  const facts: CodeFacts = { hccOf, descriptionOf };
  const cartRows = decisions.filter(isInCart);
  const codedCodes = new Set(coded.map((row) => row.icdCode));
  const items = itemsOf(suggestions, {
    decisions: new Map(decisions.map((row) => [row.icdCode, row])),
    rejections,
    codedCodes,
    cartHccs: new Map(cartRows.map((row) => [hccOf(row.icdCode), row.icdCode])),
    viewer: actor.role,
    year: Number(visitDate.slice(0, 4)),
  });

  const isAnalysed = visit.suggestions !== null;
  const paymentYear = Number(visitDate.slice(0, 4)) + 1;
  const v24Percent = await v24PercentFor(db, caller.auth.organisationId, paymentYear);
  return {
    sid: visit.id,
    patientId: visit.patientId,
    role: actor.role,
    isAnalysed,
    groups: isAnalysed ? groupItems(items, body.isGroupingOn) : [],
    addressed: addressedOf(coded, new Set(suggestions.map((suggestion) => suggestion.code)), facts),
    cart: cartRows.map((row) => cartItemOf(row, facts)),
    risk: estimateRisk({
      person: { birthDate: visit.birthDate, gender: visit.gender, coverages },
      visitDate,
      codedCodes: [...codedCodes],
      cartCodes: cartRows.map((row) => row.icdCode),
      v24Percent,
    }),
    scrub: visit.scrubSentAt ? { sentAt: iso(visit.scrubSentAt), sentBy: visit.scrubSentBy ?? '' } : null,
    pushedAt: visit.pushedAt ? iso(visit.pushedAt) : null,
    postVisitUpdatedIcds: visit.postVisitUpdatedIcds ?? [],
    partnerNotes: partnerNotes.map(partnerNoteOut),
  };
}

const hccModel = () => getHccModel(ORGANISATION_MODEL);
const hccOf = (code: string): number | null =>
  hccModel()
    .conditionCategories(code)
    .find((hcc) => hccModel().isPaymentHcc(hcc)) ?? null;
const descriptionOf = (code: string): string => getIcdCatalog().get(code)?.longDescription ?? code;

interface ItemContext {
  decisions: ReadonlyMap<string, VisitDecisionRow>;
  rejections: CaptureFacts['rejections'];
  codedCodes: ReadonlySet<string>;
  /** The cart's code of each HCC. */
  cartHccs: ReadonlyMap<number | null, string>;
  viewer: DxRole;
  year: number;
}

/** The tab's items: each suggestion with its HCC, explanation, evidence links and decision. */
function itemsOf(suggestions: readonly Suggestion[], context: ItemContext): DxItem[] {
  return suggestions.flatMap((suggestion): DxItem[] => {
    const decision = context.decisions.get(suggestion.code);
    const rejection = context.rejections.get(suggestion.code);
    // A rejection with StopShowing at an earlier visit hides the suggestion until someone decides here.
    if (!decision && rejection?.stopShowing) return [];
    const hcc = suggestion.hcc[ORGANISATION_MODEL][0] ?? null;
    const hccLabel = hcc === null ? null : hccModel().label(hcc);
    const { group, decidedBy } = groupOf(suggestion, decision, rejection, context.viewer);
    const evidence = strongestFirst(suggestion).map((item) => evidenceOut(item));
    const nonBillableReason = nonBillableReasonOf(suggestion.code, hcc, decision, context);
    return [
      {
        icdCode: suggestion.code,
        description: suggestion.description,
        hcc,
        hccLabel,
        category: suggestion.category,
        ...(suggestion.suspectKind ? { suspectKind: suggestion.suspectKind } : {}),
        explanationGroup: group,
        explanation: explanationText(group, { suggestion, hccLabel, year: context.year, decidedBy }),
        listKind: listKindOf(evidence, Boolean(decision?.note)),
        evidence,
        ...(decision ? { decision: decisionOut(decision) } : {}),
        saveState: saveStateOf(decision),
        ...(nonBillableReason ? { nonBillableReason } : {}),
      },
    ];
  });
}

/** NonBillable for a header code; AlreadySelected when coded this year or another code of its HCC is in the cart. */
function nonBillableReasonOf(
  code: string,
  hcc: number | null,
  decision: VisitDecisionRow | undefined,
  context: ItemContext,
): 'NonBillable' | 'AlreadySelected' | undefined {
  if (!getIcdCatalog().get(code)?.billable) return 'NonBillable';
  if (context.codedCodes.has(code)) return 'AlreadySelected';
  const cartCode = hcc === null ? undefined : context.cartHccs.get(hcc);
  const isOtherInCart = cartCode !== undefined && cartCode !== code && !(decision && isInCart(decision));
  return isOtherInCart ? 'AlreadySelected' : undefined;
}

/**
 * The explanation group of an item: in the cart (`cart-for-<the viewer's role>`), rejected at this visit
 * or at an earlier one within 12 months (`<rejecter's role>-rejected`), else the engine's group.
 */
function groupOf(
  suggestion: Suggestion,
  decision: VisitDecisionRow | undefined,
  rejection: EarlierRejection | undefined,
  viewer: DxRole,
): { group: ExplanationGroup; decidedBy?: { name: string; role: DxRole; at: Date } } {
  if (decision && isInCart(decision)) {
    const decidedBy = { name: decision.decidedByName, role: roleOf(decision.deciderRole), at: decision.decidedAt };
    return { group: viewer === 'coder' ? 'cart-for-coder' : 'cart-for-provider', decidedBy };
  }
  const rejected = decision?.status === 'rejected' ? decision : decision ? undefined : rejection;
  if (rejected) {
    const role = roleOf(rejected.deciderRole);
    return {
      group: role === 'coder' ? 'coder-rejected' : 'provider-rejected',
      decidedBy: { name: rejected.decidedByName, role, at: rejected.decidedAt },
    };
  }
  return { group: suggestion.explanationGroup };
}

const roleOf = (role: string): DxRole => (role === 'coder' ? 'coder' : 'provider');

const GROUP_ORDER = new Map(EXPLANATION_GROUPS.map((group, index) => [group, index]));

/** Grouped by HCC (ascending, "No HCC" last) when grouping is on; otherwise one group. */
function groupItems(items: DxItem[], isGroupingOn: boolean): DxCaptureData['groups'] {
  const ordered = [...items].sort(
    (left, right) =>
      (GROUP_ORDER.get(left.explanationGroup) ?? 0) - (GROUP_ORDER.get(right.explanationGroup) ?? 0) ||
      left.icdCode.localeCompare(right.icdCode),
  );
  if (!isGroupingOn) return ordered.length > 0 ? [{ hcc: null, label: 'Suggestions', items: ordered }] : [];
  const byHcc = new Map<number | null, DxItem[]>();
  for (const item of ordered) byHcc.set(item.hcc, [...(byHcc.get(item.hcc) ?? []), item]);
  const hccs = [...byHcc.keys()].sort((left, right) => (left ?? Infinity) - (right ?? Infinity));
  return hccs.map((hcc) => {
    const groupItemsOf = byHcc.get(hcc) ?? [];
    const label = hcc === null ? 'No HCC' : `HCC ${String(hcc)} ${groupItemsOf[0]?.hccLabel ?? ''}`.trim();
    return { hcc, label, items: groupItemsOf };
  });
}

interface CodeFacts {
  hccOf: (code: string) => number | null;
  descriptionOf: (code: string) => string;
}

/** This year's coded diagnoses that are not suggested, each with its latest date and where. */
function addressedOf(
  coded: readonly CodedDiagnosis[],
  suggested: ReadonlySet<string>,
  facts: CodeFacts,
): DxCaptureData['addressed'] {
  const latest = new Map<string, CodedDiagnosis>();
  for (const row of coded) {
    const known = latest.get(row.icdCode);
    if (!known || row.lastCodedOn > known.lastCodedOn) latest.set(row.icdCode, row);
  }
  return [...latest.values()]
    .filter((row) => !suggested.has(row.icdCode))
    .sort(
      (left, right) => right.lastCodedOn.localeCompare(left.lastCodedOn) || left.icdCode.localeCompare(right.icdCode),
    )
    .map((row) => ({
      icdCode: row.icdCode,
      description: facts.descriptionOf(row.icdCode),
      hcc: facts.hccOf(row.icdCode),
      lastCodedOn: row.lastCodedOn,
      source: row.source,
    }));
}

function cartItemOf(row: VisitDecisionRow, facts: CodeFacts): CartItem {
  const push =
    row.pushStatus && row.pushedAt
      ? {
          status: row.pushStatus as 'written' | 'failed' | 'pending',
          ...(row.pushFailureReason ? { reason: row.pushFailureReason } : {}),
          at: iso(row.pushedAt),
        }
      : undefined;
  return {
    icdCode: row.icdCode,
    description: facts.descriptionOf(row.icdCode),
    hcc: facts.hccOf(row.icdCode),
    isAdded: row.isAdded,
    decidedBy: { name: row.decidedByName, role: roleOf(row.deciderRole) },
    version: row.version,
    ...(push ? { push } : {}),
  };
}
