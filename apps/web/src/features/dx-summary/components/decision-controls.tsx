import { CheckOutlined, CloseOutlined, LoadingOutlined, UndoOutlined } from '@ant-design/icons';
import type { DxItem } from '@cairn/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { Decisions } from '../hooks/use-decisions';
import { describeDecision, formatIcdCode, isDecided } from '../utils/format';
import { DecisionNote } from './decision-note';
import { RejectDialog } from './reject-dialog';

export interface DecisionContext {
  decisions: Decisions;
  /** False for a view-only user: the decisions are shown, never offered. */
  canDecide: boolean;
  /** Codes changed after the visit was written to the EHR. */
  postVisitCodes: readonly string[];
}

/** Spec §3 save state of an item; a decision on its way to the server is unsaved until it lands. */
function SaveStateTag({ item, isPending }: { item: DxItem; isPending: boolean }) {
  if (isPending) return <Tag icon={<LoadingOutlined />}>Unsaved changes</Tag>;
  switch (item.saveState) {
    case 'Saved':
      return <Tag color="success">Saved</Tag>;
    case 'UnsavedChanges':
      return <Tag color="warning">Unsaved changes</Tag>;
    case 'StopShowing':
      return <Tag>Stop showing</Tag>;
    case 'None':
      return null;
  }
}

/** Who decided what and when, and the buttons that decide or change it. */
export function DecisionControls({ item, context }: { item: DxItem; context: DecisionContext }) {
  const { decisions, canDecide, postVisitCodes } = context;
  const [isRejecting, setIsRejecting] = useState(false);
  const decision = isDecided(item.decision) ? item.decision : undefined;
  const isPending = decisions.pendingCodes.has(item.icdCode);
  const codeLabel = formatIcdCode(item.icdCode);
  const isPostVisit = decision?.isPostVisit === true || postVisitCodes.includes(item.icdCode);
  return (
    <Flex vertical gap="small">
      <Flex gap="small" align="center" wrap>
        {decision && <Typography.Text>{describeDecision(decision)}</Typography.Text>}
        {decision?.decidedBy.role === 'coder' && <Tag color="purple">Coder&apos;s choice</Tag>}
        {isPostVisit && <Tag color="orange">Changed after the visit was sent</Tag>}
        <SaveStateTag item={item} isPending={isPending} />
      </Flex>
      {canDecide && (
        <Flex gap="small" wrap>
          {decision?.status !== 'accepted' && (
            <Button
              type="primary"
              size="small"
              icon={<CheckOutlined />}
              aria-label={`Accept ${codeLabel}`}
              disabled={isPending}
              onClick={() => decisions.decide(item, { action: 'accept' })}
            >
              Accept
            </Button>
          )}
          {decision?.status !== 'rejected' && (
            <Button
              size="small"
              icon={<CloseOutlined />}
              aria-label={`Reject ${codeLabel}`}
              disabled={isPending}
              onClick={() => setIsRejecting(true)}
            >
              Reject
            </Button>
          )}
          {decision && (
            <Button
              size="small"
              type="text"
              icon={<UndoOutlined />}
              aria-label={`Undo the decision on ${codeLabel}`}
              disabled={isPending}
              onClick={() => decisions.decide(item, { action: 'reset' })}
            >
              Undo
            </Button>
          )}
        </Flex>
      )}
      {decision && (
        <DecisionNote
          key={`${decision.version}`}
          codeLabel={codeLabel}
          note={decision.note}
          canEdit={canDecide}
          onSave={(newNote) => decisions.saveNote(item, newNote)}
        />
      )}
      <RejectDialog
        codeLabel={codeLabel}
        isOpen={isRejecting}
        onCancel={() => setIsRejecting(false)}
        onReject={(rejection) => {
          setIsRejecting(false);
          decisions.decide(item, { action: 'reject', ...rejection });
        }}
      />
    </Flex>
  );
}
