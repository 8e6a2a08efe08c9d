import { CheckOutlined, CloseOutlined, LoadingOutlined, UndoOutlined } from '@ant-design/icons';
import type { DxItem } from '@cairn/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { Decisions } from '../hooks/use-decisions';
import { describeDecision, isDecided } from '../utils/format';
import { DecisionNote } from './decision-note';
import { RejectDialog } from './reject-dialog';

export interface DecisionContext {
  decisions: Decisions;
  /** False for a view-only user: the decisions are shown, never offered. */
  canDecide: boolean;
  /** Codes changed after the visit was written to the EHR. */
  postVisitCodes: readonly string[];
}

interface DecisionProps {
  item: DxItem;
  codeLabel: string;
  context: DecisionContext;
}

/** Spec §3 save state of an item; a decision on its way to the server is unsaved until it lands. */
export function SaveStateTag({ item, isPending }: { item: DxItem; isPending: boolean }) {
  if (isPending) return <Tag icon={<LoadingOutlined aria-hidden />}>Unsaved changes</Tag>;
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

/** Spec §3 isPostVisit: the code's decision changed after the visit was written to the EHR. */
export function PostVisitTag({ item, context }: { item: DxItem; context: DecisionContext }) {
  const isPostVisit = item.decision?.isPostVisit === true || context.postVisitCodes.includes(item.icdCode);
  return isPostVisit ? (
    <Tag color="orange" style={{ marginInlineEnd: 0 }}>
      Changed after the visit was sent
    </Tag>
  ) : null;
}

/**
 * The buttons that decide (issue 16 item 4): Accept and Reject while the suggestion is open, Reopen
 * once it is decided, so a decision is changed on purpose, never by a stray click.
 */
export function DecisionButtons({ item, codeLabel, context }: DecisionProps) {
  const { decisions, canDecide } = context;
  const [isRejecting, setIsRejecting] = useState(false);
  if (!canDecide) return null;
  const isPending = decisions.pendingCodes.has(item.icdCode);
  if (isDecided(item.decision)) {
    return (
      <Button
        size="small"
        icon={<UndoOutlined aria-hidden />}
        aria-label={`Reopen ${codeLabel}`}
        disabled={isPending}
        onClick={() => decisions.decide(item, { action: 'reset' })}
      >
        Reopen
      </Button>
    );
  }
  return (
    <Flex gap={6} style={{ flex: 'none' }}>
      <Button
        type="primary"
        size="small"
        icon={<CheckOutlined aria-hidden />}
        aria-label={`Accept ${codeLabel}`}
        disabled={isPending}
        onClick={() => decisions.decide(item, { action: 'accept' })}
      >
        Accept
      </Button>
      <Button
        size="small"
        icon={<CloseOutlined aria-hidden />}
        aria-label={`Reject ${codeLabel}`}
        disabled={isPending}
        onClick={() => setIsRejecting(true)}
      >
        Reject
      </Button>
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

/**
 * What was decided (issue 16 item 4): who, in which role, when, the reason of a rejection and the
 * note, which a user who may decide edits in place.
 */
export function DecisionOutcome({ item, codeLabel, context }: DecisionProps) {
  const { decisions, canDecide } = context;
  const decision = isDecided(item.decision) ? item.decision : undefined;
  if (!decision) return null;
  return (
    <Flex gap={6} align="baseline" wrap role="group" aria-label={`Decision on ${codeLabel}`}>
      <Typography.Text type={decision.status === 'rejected' ? 'danger' : 'success'}>
        {describeDecision(decision)}
      </Typography.Text>
      {decision.decidedBy.role === 'coder' && <Tag color="purple">Coder&apos;s choice</Tag>}
      <DecisionNote
        key={decision.version}
        codeLabel={codeLabel}
        note={decision.note}
        canEdit={canDecide}
        onSave={(newNote) => decisions.saveNote(item, newNote)}
      />
    </Flex>
  );
}
