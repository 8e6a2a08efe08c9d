import { FileTextOutlined, LineChartOutlined } from '@ant-design/icons';
import type { CareGapEvidence } from '@cairn/contracts';
import { Button, Flex, Typography } from 'antd';
import { formatDate } from '../../../lib/dates';
import { EVIDENCE_ROLE_LABELS } from '../utils/labels';

/** Opens an evidence item's source, as a diagnosis suggestion's evidence opens: a result's trend, a document. */
export type OnOpenGapEvidence = (evidence: CareGapEvidence) => void;

function OpenSourceButton({ evidence, onOpen }: { evidence: CareGapEvidence; onOpen: OnOpenGapEvidence }) {
  const { link } = evidence;
  if (link.kind === 'none') return null;
  const isDocument = link.kind === 'document';
  return (
    <Button
      type="link"
      size="small"
      icon={isDocument ? <FileTextOutlined aria-hidden /> : <LineChartOutlined aria-hidden />}
      aria-label={`${isDocument ? 'Open the document' : 'View the trend'}: ${evidence.description}`}
      title={isDocument ? 'Open the document at this mention' : 'View the trend of this result'}
      onClick={() => onOpen(evidence)}
      style={{ paddingInline: 4, height: 20 }}
    />
  );
}

/**
 * Why the gap has its status: the records that decided it (what put the patient in the measure, what
 * excluded them, what was found or was missing), each on one line with its date and, when it has one,
 * a button that opens its source.
 */
export function GapEvidence({ evidence, onOpen }: { evidence: readonly CareGapEvidence[]; onOpen: OnOpenGapEvidence }) {
  if (evidence.length === 0) return <Typography.Text type="secondary">No record decided it</Typography.Text>;
  return (
    <ul aria-label="Why" style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
      {evidence.map((item, index) => (
        <li key={index}>
          <Flex gap={6} align="center" wrap style={{ minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {EVIDENCE_ROLE_LABELS[item.role]}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(item.date, 'date')}
            </Typography.Text>
            <Typography.Text>{item.description}</Typography.Text>
            <OpenSourceButton evidence={item} onOpen={onOpen} />
          </Flex>
        </li>
      ))}
    </ul>
  );
}
