import { DX_NOTE_MAX_LENGTH } from '@cairn/contracts';
import { Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';

/** A decision's note, shown, and editable in place by a user who may decide. */
export function DecisionNote({
  codeLabel,
  note,
  canEdit,
  onSave,
}: {
  codeLabel: string;
  note: string | undefined;
  canEdit: boolean;
  onSave: (newNote: string) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  if (draft === undefined) {
    return (
      <Flex gap="small" align="baseline" wrap>
        {note && <Typography.Text type="secondary">{`Note: ${note}`}</Typography.Text>}
        {canEdit && (
          <Button type="link" size="small" onClick={() => setDraft(note ?? '')}>
            {note ? 'Edit note' : 'Add note'}
          </Button>
        )}
      </Flex>
    );
  }
  const save = async () => {
    setIsSaving(true);
    const isSaved = await onSave(draft.trim());
    setIsSaving(false);
    if (isSaved) setDraft(undefined);
  };
  return (
    <Flex vertical gap="small">
      <Input.TextArea
        aria-label={`Note on ${codeLabel}`}
        rows={2}
        maxLength={DX_NOTE_MAX_LENGTH}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Flex gap="small">
        <Button size="small" type="primary" loading={isSaving} onClick={() => void save()}>
          Save note
        </Button>
        <Button size="small" onClick={() => setDraft(undefined)}>
          Cancel
        </Button>
      </Flex>
    </Flex>
  );
}
