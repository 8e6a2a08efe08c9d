import { FileTextOutlined } from '@ant-design/icons';
import { SUMMARY_NOTE_MAX_LENGTH } from '@cairn/contracts';
import { Button, Drawer, Form, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { useAddSummaryNote } from '../api/add-summary-note';
import { useSummaryNotes, type SummaryNote } from '../api/get-summary-notes';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { EmptyState } from '../../../components/empty-state';

/** Notes on a visit's summary (addSummaryNote / getSummaryNotes): a button with the count and a drawer. */
export function SummaryNotesButton({ sid }: { sid: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const notes = useSummaryNotes(sid);
  const count = notes.data?.length;
  return (
    <>
      <Button icon={<FileTextOutlined aria-hidden />} onClick={() => setIsOpen(true)}>
        {count === undefined ? 'Notes' : `Notes (${String(count)})`}
      </Button>
      <Drawer title="Summary notes" open={isOpen} onClose={() => setIsOpen(false)} size="large" destroyOnHidden>
        <NoteForm sid={sid} />
        <NoteList sid={sid} />
      </Drawer>
    </>
  );
}

// Its own observer of the query: the button tracks only the data, so it is not re-rendered on a failure.
function NoteList({ sid }: { sid: string }) {
  const notes = useSummaryNotes(sid);
  if (notes.isPending) return <LoadingState label="Loading notes" />;
  if (notes.isError) return <ErrorState title="Failed to load notes" onRetry={() => void notes.refetch()} />;
  if (notes.data.length === 0) return <EmptyState description="No notes yet" compact />;
  return (
    <List
      aria-label="Notes"
      dataSource={notes.data}
      rowKey="id"
      renderItem={(note: SummaryNote) => (
        <List.Item>
          <List.Item.Meta
            title={note.authorName}
            description={`${formatDate(note.createdAt, 'date')} ${formatDate(note.createdAt, 'time')}`}
          />
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{note.note}</Typography.Paragraph>
        </List.Item>
      )}
    />
  );
}

function NoteForm({ sid }: { sid: string }) {
  const [text, setText] = useState('');
  const addNote = useAddSummaryNote(sid);
  const trimmed = text.trim();
  const submit = () => {
    if (!trimmed) return;
    addNote.mutate(trimmed, { onSuccess: () => setText('') });
  };
  return (
    <Form layout="vertical" onFinish={submit}>
      <Form.Item label="New note" htmlFor="summary-note-text">
        <Input.TextArea
          id="summary-note-text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={SUMMARY_NOTE_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
        />
      </Form.Item>
      {addNote.isError && <ErrorState title="The note was not saved" style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" disabled={!trimmed} loading={addNote.isPending}>
        Add note
      </Button>
    </Form>
  );
}
