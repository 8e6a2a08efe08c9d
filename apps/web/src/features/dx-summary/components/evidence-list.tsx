import { FileTextOutlined, LineChartOutlined } from '@ant-design/icons';
import type { DxEvidence } from '@cairn/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { formatEvidenceValue } from '../../../lib/clinical-format';
import { formatDate } from '../../../lib/dates';
import { distinctFacts } from '../utils/evidence';

/** Opens an evidence item's source: the document at the snippet, or the lab's trend. */
export type OnOpenEvidence = (evidence: DxEvidence) => void;

function OpenSourceButton({ evidence, onOpen }: { evidence: DxEvidence; onOpen: OnOpenEvidence }) {
  const { link } = evidence;
  if (link.kind === 'none') return null;
  const isDocument = link.kind === 'document';
  const what = formatEvidenceValue(evidence);
  return (
    <Button
      type="link"
      size="small"
      icon={isDocument ? <FileTextOutlined aria-hidden /> : <LineChartOutlined aria-hidden />}
      aria-label={`${isDocument ? 'Open the document' : 'View the trend'}: ${what}`}
      title={isDocument ? 'Open the document at this mention' : 'View the trend of this result'}
      onClick={() => onOpen(evidence)}
      style={{ paddingInline: 4, height: 20 }}
    />
  );
}

/** One fact on one line: when, from where, what it says, and a button that opens its source. */
function EvidenceLine({ evidence, onOpen }: { evidence: DxEvidence; onOpen: OnOpenEvidence }) {
  const what = formatEvidenceValue(evidence);
  return (
    <Flex gap={6} align="center" style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(evidence.date, 'date')}
      </Typography.Text>
      <Tag color={evidence.source === 'HIE' ? 'purple' : 'blue'} variant="outlined" style={{ marginInlineEnd: 0 }}>
        {evidence.source}
      </Tag>
      <Typography.Text ellipsis={{ tooltip: what }} style={{ minWidth: 0 }}>
        {what}
      </Typography.Text>
      <OpenSourceButton evidence={evidence} onOpen={onOpen} />
    </Flex>
  );
}

/**
 * A suggestion's evidence, compact (issue 16 item 1): the strongest fact on the row, the others behind
 * "n more". The server sends the strongest first; a fact used by several rules is shown once.
 */
export function EvidenceSummary({ evidence, onOpen }: { evidence: readonly DxEvidence[]; onOpen: OnOpenEvidence }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const listId = useId();
  const facts = distinctFacts(evidence);
  const [strongest, ...others] = facts;
  if (!strongest) return <Typography.Text type="secondary">No evidence on record</Typography.Text>;
  return (
    <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 auto' }}>
      <Flex gap={4} align="center" style={{ minWidth: 0 }}>
        <EvidenceLine evidence={strongest} onOpen={onOpen} />
        {others.length > 0 && (
          <Button
            type="link"
            size="small"
            aria-expanded={isExpanded}
            aria-controls={listId}
            aria-label={isExpanded ? 'Show less evidence' : `${String(others.length)} more evidence`}
            onClick={() => setIsExpanded((expanded) => !expanded)}
            style={{ paddingInline: 4, height: 20, flex: 'none' }}
          >
            {isExpanded ? 'Show less' : `${String(others.length)} more`}
          </Button>
        )}
      </Flex>
      {isExpanded && (
        <ul id={listId} aria-label="More evidence" style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
          {others.map((item, index) => (
            <li key={index}>
              <EvidenceLine evidence={item} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}
