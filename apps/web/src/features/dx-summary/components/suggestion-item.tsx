import type { DxItem } from '@cairn/contracts';
import { Flex, Tag, Typography } from 'antd';
import { formatIcdCode } from '../utils/format';
import {
  EXPLANATION_GROUP_LABELS,
  EXPLANATION_GROUP_TEXT,
  NON_BILLABLE_LABELS,
  SUSPECT_KIND_LABELS,
} from '../utils/labels';
import { DecisionControls, type DecisionContext } from './decision-controls';
import { EvidenceList, type OnOpenEvidence } from './evidence-list';

function CategoryTags({ item }: { item: DxItem }) {
  return (
    <>
      <Tag color={item.category === 'Recapture' ? 'geekblue' : 'gold'}>{item.category}</Tag>
      {item.category === 'Suspect' && item.suspectKind && <Tag>{SUSPECT_KIND_LABELS[item.suspectKind]}</Tag>}
      {item.nonBillableReason && <Tag color="red">{NON_BILLABLE_LABELS[item.nonBillableReason]}</Tag>}
    </>
  );
}

/** Issue 7 item 8: why the suggestion is shown, under the explanation group's name. */
function Explanation({ item }: { item: DxItem }) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.4 }}>
        {EXPLANATION_GROUP_LABELS[item.explanationGroup]}
      </Typography.Text>
      <Typography.Paragraph style={{ margin: 0 }}>
        {item.explanation.trim() || EXPLANATION_GROUP_TEXT[item.explanationGroup]}
      </Typography.Paragraph>
    </div>
  );
}

/** One suggestion: its code and tags, why it is shown, its evidence, and the decision on it. */
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
  return (
    <article aria-label={`${codeLabel} ${item.description}`} style={{ padding: '12px 0' }}>
      <Flex vertical gap="small">
        <Flex gap="small" align="baseline" wrap>
          <Typography.Text strong>{codeLabel}</Typography.Text>
          <Typography.Text>{item.description}</Typography.Text>
          <CategoryTags item={item} />
        </Flex>
        <Explanation item={item} />
        <EvidenceList evidence={item.evidence} onOpen={onOpenEvidence} />
        <DecisionControls item={item} context={context} />
      </Flex>
    </article>
  );
}
