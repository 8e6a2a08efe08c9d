import { CARE_GAP_NOTE_MAX_LENGTH, type CareGapItem } from '@cairn/contracts';
import { Checkbox, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates';

export interface MarkAddressedProps {
  gap: CareGapItem;
  isPending: boolean;
  onChange: (isAddressed: boolean, note: string | undefined) => void;
}

/**
 * "Addressed at this visit": ticked, the gap goes to the EHR with the cart (Add to Encounter), with the
 * optional note typed beside it; it can be unticked until then. Once written it says so and can no
 * longer change.
 */
export function MarkAddressed({ gap, isPending, onChange }: MarkAddressedProps) {
  const { mark } = gap;
  const isSent = mark?.send.status === 'written';
  const [note, setNote] = useState('');
  return (
    <Flex vertical gap={2}>
      <Flex gap={8} align="center" wrap>
        <Checkbox
          checked={mark !== null}
          disabled={isPending || isSent}
          onChange={(event) => onChange(event.target.checked, note.trim() || undefined)}
          aria-describedby={mark ? `mark-status-${gap.measureId}` : undefined}
        >
          Addressed at this visit
        </Checkbox>
        {mark === null && (
          <Input
            size="small"
            aria-label={`Note on ${gap.measureId} (optional)`}
            placeholder="Note (optional), e.g. what was done"
            maxLength={CARE_GAP_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            style={{ maxWidth: 320 }}
          />
        )}
      </Flex>
      {mark && (
        <Typography.Text id={`mark-status-${gap.measureId}`} type="secondary" style={{ fontSize: 12 }}>
          {markStatusText(mark)}
        </Typography.Text>
      )}
    </Flex>
  );
}

function markStatusText(mark: NonNullable<CareGapItem['mark']>): string {
  const by = mark.markedBy.name ? `Marked by ${mark.markedBy.name}` : 'Marked';
  const note = mark.note ? ` (${mark.note})` : '';
  switch (mark.send.status) {
    case 'written':
      return `${by}${note}. Sent to the EHR with the cart${mark.send.at ? ` on ${formatDate(mark.send.at, 'date')}` : ''}.`;
    case 'failed':
      return `${by}${note}. Not sent to the EHR (${mark.send.reason ?? 'the EHR failed'}): it goes with the next Add to Encounter.`;
    case 'pending':
      return `${by}${note}. Goes to the EHR with the cart (Add to Encounter).`;
  }
}
