import { CheckOutlined, CloseOutlined, EyeOutlined, UndoOutlined } from '@ant-design/icons';
import type { PartnerNote, PartnerNoteAction, PartnerNoteStatus } from '@cairn/contracts';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/dates';
import { useAddSummaryInsightsAgilonNonDxActions } from '../api/add-summary-insights-agilon-non-dx-actions';
import { formatActionTime } from '../utils/format';
import { EXPLANATION_GROUP_LABELS, PARTNER_NOTE_KIND_LABELS, PARTNER_NOTE_STATUS_LABELS } from '../utils/labels';

export interface PartnerNotesProps {
  /** The visit (appointment id). */
  sid: string;
  notes: readonly PartnerNote[];
  /** False for a view-only user: the notes and what was recorded are shown, the buttons never. */
  canAct: boolean;
}

const TITLE = EXPLANATION_GROUP_LABELS['partner-organisation-notes'];

const CHOICES: { action: Exclude<PartnerNoteAction['action'], 'reset'>; status: PartnerNoteStatus; icon: ReactNode }[] =
  [
    { action: 'acknowledge', status: 'acknowledged', icon: <EyeOutlined aria-hidden /> },
    { action: 'done', status: 'done', icon: <CheckOutlined aria-hidden /> },
    { action: 'not-applicable', status: 'not-applicable', icon: <CloseOutlined aria-hidden /> },
  ];
const BUTTON_WORDS: Record<PartnerNoteStatus, string> = {
  acknowledged: 'Acknowledge',
  done: 'Done',
  'not-applicable': 'Not applicable',
};

/** Who and what a button acts on, for its accessible name: the partner and the note's words. */
const nameOf = (note: PartnerNote): string => `${note.partner}: ${note.text}`;

/** "Done by Maya Rivera (provider), 10:42 AM", with the note given. */
function describeAction(action: NonNullable<PartnerNote['action']>): string {
  const who = `${PARTNER_NOTE_STATUS_LABELS[action.status]} by ${action.by.name} (${action.by.role}), ${formatActionTime(action.at)}`;
  return action.note ? `${who}: ${action.note}` : who;
}

/** A conflict is told in the server's words (who acted, when); other failures say only that it failed. */
function describeFailure(error: unknown): { type: 'warning' | 'error'; text: string } {
  if (isApiError(error) && error.code === 'CONFLICT') {
    const text = error.serverMessage ?? 'Someone else changed this note.';
    return { type: 'warning', text: `${text.replace(/[.!?]?$/, '.')} The notes have been reloaded.` };
  }
  const reason = isApiError(error) ? ` (${error.message})` : '';
  return { type: 'error', text: `The action could not be saved${reason}. Please try again.` };
}

/**
 * Issue 16 item 7, the "Partner organisation notes" group: a partner organisation's recommendations
 * that are not diagnoses (an annual wellness visit, a care management referral, a medication review),
 * one row each with what was recorded on it and by whom. Acknowledge, Done and Not applicable record
 * an action (Undo clears it) with the version seen, so a note someone changed meanwhile is a conflict.
 */
export function PartnerNotes({ sid, notes, canAct }: PartnerNotesProps) {
  const actions = useAddSummaryInsightsAgilonNonDxActions(sid);
  const [failure, setFailure] = useState<ReturnType<typeof describeFailure>>();
  if (notes.length === 0) return null;
  const pendingId = actions.isPending ? actions.variables.actions[0]?.noteId : undefined;
  const act = (note: PartnerNote, action: PartnerNoteAction['action']) => {
    setFailure(undefined);
    actions.mutate(
      { actions: [{ noteId: note.id, action, expectedVersion: note.version }] },
      { onError: (error) => setFailure(describeFailure(error)) },
    );
  };
  return (
    <section aria-label={TITLE}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {TITLE}
      </Typography.Title>
      {failure && (
        <Alert
          type={failure.type}
          showIcon
          title={failure.text}
          closable={{ onClose: () => setFailure(undefined), 'aria-label': 'Dismiss' }}
          style={{ marginBottom: 8 }}
        />
      )}
      <ul aria-label={TITLE} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {notes.map((note) => (
          <li key={note.id} aria-label={nameOf(note)} style={{ padding: '4px 0' }}>
            <NoteRow note={note} canAct={canAct} isPending={pendingId === note.id} onAct={act} />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface NoteRowProps {
  note: PartnerNote;
  canAct: boolean;
  isPending: boolean;
  onAct: (note: PartnerNote, action: PartnerNoteAction['action']) => void;
}

function NoteRow({ note, canAct, isPending, onAct }: NoteRowProps) {
  const current = note.action?.status;
  return (
    <Flex gap={8} align="center" wrap>
      <Tag>{PARTNER_NOTE_KIND_LABELS[note.kind]}</Tag>
      <Typography.Text strong>{note.partner}</Typography.Text>
      <Typography.Text style={{ flex: '1 1 200px', minWidth: 0 }} ellipsis={{ tooltip: note.text }}>
        {note.text}
      </Typography.Text>
      <Typography.Text type="secondary">{formatDate(note.authoredOn, 'date')}</Typography.Text>
      {note.action && <Typography.Text>{describeAction(note.action)}</Typography.Text>}
      {canAct && (
        <Flex gap={4}>
          {CHOICES.filter((choice) => choice.status !== current).map((choice) => (
            <Button
              key={choice.action}
              size="small"
              icon={choice.icon}
              aria-label={`${BUTTON_WORDS[choice.status]}: ${nameOf(note)}`}
              disabled={isPending}
              onClick={() => onAct(note, choice.action)}
            >
              {BUTTON_WORDS[choice.status]}
            </Button>
          ))}
          {current && (
            <Button
              size="small"
              type="text"
              icon={<UndoOutlined aria-hidden />}
              aria-label={`Undo the action on ${nameOf(note)}`}
              disabled={isPending}
              onClick={() => onAct(note, 'reset')}
            >
              Undo
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  );
}
