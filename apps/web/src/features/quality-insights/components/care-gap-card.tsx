import type { CareGapItem } from '@cairn/contracts';
import { Card, Flex, Tag, Typography } from 'antd';
import { useId } from 'react';
import { formatDate } from '../../../lib/dates';
import { isMarkable, STATUS_LABELS } from '../utils/labels';
import { GapEvidence, type OnOpenGapEvidence } from './gap-evidence';
import { MarkAddressed } from './mark-addressed';

export interface CareGapCardProps {
  gap: CareGapItem;
  onOpenEvidence: OnOpenGapEvidence;
  /** The tab is open for a visit and the user may mark gaps addressed. */
  canMark: boolean;
  isMarkPending: boolean;
  onMark: (isAddressed: boolean, note: string | undefined) => void;
}

/** When the gap is due: by the end of the period while open; until when its evidence counts once closed. */
function dueText(gap: CareGapItem): string | undefined {
  if (!gap.dueDate) return undefined;
  const day = formatDate(gap.dueDate, 'date');
  return gap.status === 'closed' ? `Counts until ${day}` : `Due by ${day}`;
}

/** One measure: its status, why (with evidence that opens), what closes it, by when, and the visit's mark. */
export function CareGapCard({ gap, onOpenEvidence, canMark, isMarkPending, onMark }: CareGapCardProps) {
  const titleId = useId();
  const status = STATUS_LABELS[gap.status];
  const due = dueText(gap);
  return (
    <Card size="small" role="article" aria-labelledby={titleId}>
      <Flex vertical gap={6}>
        <Flex gap={8} align="center" wrap>
          <Tag color={status.color} style={{ marginInlineEnd: 0 }}>
            {status.label}
          </Tag>
          <Typography.Text strong id={titleId}>
            {gap.measureId} {gap.title}
          </Typography.Text>
          <Typography.Text type="secondary">{gap.measureVersion}</Typography.Text>
          {due && <Typography.Text type={gap.status === 'open' ? 'danger' : 'secondary'}>{due}</Typography.Text>}
        </Flex>
        {gap.reason && <Typography.Text>{gap.reason}</Typography.Text>}
        {gap.status === 'open' && gap.closesWhen && (
          <Typography.Text>
            <Typography.Text strong>What closes it: </Typography.Text>
            {gap.closesWhen}
          </Typography.Text>
        )}
        <GapEvidence evidence={gap.evidence} onOpen={onOpenEvidence} />
        {canMark && (isMarkable(gap) || gap.mark !== null) && (
          <MarkAddressed gap={gap} isPending={isMarkPending} onChange={onMark} />
        )}
      </Flex>
    </Card>
  );
}
