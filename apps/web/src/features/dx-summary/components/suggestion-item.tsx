import type { DxItem } from '@cairn/contracts';
import { Flex, Tag, Typography } from 'antd';
import { formatIcdCode } from '../utils/format';
import { NON_BILLABLE_LABELS, SUSPECT_KIND_LABELS, SUSPECT_KIND_SHORT_LABELS } from '../utils/labels';
import {
  DecisionButtons,
  DecisionOutcome,
  PostVisitTag,
  SaveStateTag,
  type DecisionContext,
} from './decision-controls';
import { EvidenceSummary, type OnOpenEvidence } from './evidence-list';
import { WhyPopover } from './why-popover';

/** Recapture, or Suspect with its sub-kind, in one tag; the HCC; why it may not be billed. */
function ItemTags({ item }: { item: DxItem }) {
  const kind =
    item.category === 'Suspect' && item.suspectKind
      ? `Suspect: ${SUSPECT_KIND_SHORT_LABELS[item.suspectKind]}`
      : item.category;
  const fullKind = item.suspectKind ? `Suspect: ${SUSPECT_KIND_LABELS[item.suspectKind]}` : undefined;
  return (
    <>
      <Tag
        color={item.category === 'Recapture' ? 'geekblue' : 'gold'}
        title={item.category === 'Suspect' ? fullKind : undefined}
        style={{ marginInlineEnd: 0 }}
      >
        {kind}
      </Tag>
      {item.hcc !== null && <Tag style={{ marginInlineEnd: 0 }}>{`HCC ${String(item.hcc)}`}</Tag>}
      {item.nonBillableReason && (
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          {NON_BILLABLE_LABELS[item.nonBillableReason]}
        </Tag>
      )}
    </>
  );
}

/**
 * One suggestion as one compact row (issue 16 item 1): code, title, kind and HCC with the decision's
 * buttons; under them the strongest evidence (the rest behind "n more") and "Why"; then what was
 * decided, by whom and when.
 */
export function SuggestionItem({
  item,
  context,
  onOpenEvidence,
}: {
  item: DxItem;
  context: DecisionContext;
  onOpenEvidence: OnOpenEvidence;
}) {
  const codeLabel = formatIcdCode(item.icdCode);
  const isPending = context.decisions.pendingCodes.has(item.icdCode);
  return (
    <article aria-label={`${codeLabel} ${item.description}`} style={{ padding: '3px 0' }}>
      <Flex vertical gap={0}>
        {/* In a narrow panel the tags and buttons wrap under the title rather than cut it short. */}
        <Flex gap={8} align="center" wrap style={{ minWidth: 0, rowGap: 2 }}>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {codeLabel}
          </Typography.Text>
          <Typography.Text
            ellipsis={{ tooltip: item.description }}
            style={{ minWidth: 'min(260px, 60%)', flex: '1 1 0' }}
          >
            {item.description}
          </Typography.Text>
          <Flex gap={4} align="center" style={{ flex: 'none' }}>
            <ItemTags item={item} />
            <SaveStateTag item={item} isPending={isPending} />
            <PostVisitTag item={item} context={context} />
          </Flex>
          <Flex justify="end" style={{ marginInlineStart: 'auto', flex: 'none' }}>
            <DecisionButtons item={item} codeLabel={codeLabel} context={context} />
          </Flex>
        </Flex>
        <Flex gap={4} align="start" style={{ minWidth: 0 }}>
          <EvidenceSummary evidence={item.evidence} onOpen={onOpenEvidence} />
          <WhyPopover item={item} codeLabel={codeLabel} />
        </Flex>
        <DecisionOutcome item={item} codeLabel={codeLabel} context={context} />
      </Flex>
    </article>
  );
}
