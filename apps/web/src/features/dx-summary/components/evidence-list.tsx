import { FileTextOutlined, LineChartOutlined } from '@ant-design/icons';
import type { DxEvidence } from '@cairn/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import { formatDate } from '../../../lib/dates';

/** Opens an evidence item's source: the document at the snippet, or the lab's trend. */
export type OnOpenEvidence = (evidence: DxEvidence) => void;

function evidenceValue(evidence: DxEvidence): string {
  const value = evidence.value === undefined ? '' : [evidence.value, evidence.unit].filter(Boolean).join(' ');
  return [evidence.text, value].filter(Boolean).join(': ');
}

function OpenSourceButton({ evidence, onOpen }: { evidence: DxEvidence; onOpen: OnOpenEvidence }) {
  const { link } = evidence;
  if (link.kind === 'none') return null;
  const isDocument = link.kind === 'document';
  return (
    <Button
      type="link"
      size="small"
      icon={isDocument ? <FileTextOutlined /> : <LineChartOutlined />}
      onClick={() => onOpen(evidence)}
    >
      {isDocument ? 'Open document' : 'View trend'}
    </Button>
  );
}

/** The evidence behind a suggestion: when, from where, what it says, and the rule it meets. */
export function EvidenceList({ evidence, onOpen }: { evidence: readonly DxEvidence[]; onOpen: OnOpenEvidence }) {
  if (evidence.length === 0) return null;
  return (
    <ul aria-label="Evidence" style={{ margin: 0, paddingInlineStart: 18 }}>
      {evidence.map((item, index) => (
        <li key={index}>
          <Flex gap={6} align="baseline" wrap>
            <Typography.Text type="secondary">{formatDate(item.date, 'date')}</Typography.Text>
            <Tag color={item.source === 'HIE' ? 'purple' : 'blue'} variant="outlined">
              {item.source}
            </Tag>
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>{evidenceValue(item)}</Typography.Text>
            <Typography.Text type="secondary">{`Rule: ${item.ruleSource}`}</Typography.Text>
            <OpenSourceButton evidence={item} onOpen={onOpen} />
          </Flex>
        </li>
      ))}
    </ul>
  );
}
