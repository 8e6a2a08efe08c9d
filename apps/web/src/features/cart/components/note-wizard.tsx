import type { DxCaptureData } from '@cairn/contracts';
import { Button, Checkbox, Flex, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { useDraftAssessmentNote } from '../api/draft-assessment-note';
import { useNoteTemplates } from '../api/get-note-templates';
import { describeApiError } from '../utils/errors';
import { chosenNoteCodes, noteDiagnosisOptions, recordNoteChoices, type NoteChoices } from '../utils/note-diagnoses';
import { NoteDraft } from './note-draft';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { EmptyState } from '../../../components/empty-state';

/**
 * Pick a template and the diagnoses, then Draft. Every code in the cart is chosen unless the provider
 * unticks it, including one that joins the cart while the wizard is open.
 */
export function NoteWizard({ data }: { data: DxCaptureData }) {
  const templates = useNoteTemplates(true);
  const options = noteDiagnosisOptions(data);
  const [templateId, setTemplateId] = useState<string | undefined>(undefined);
  const [choices, setChoices] = useState<NoteChoices>(() => new Map());
  const chosenCodes = chosenNoteCodes(options, choices);
  const draft = useDraftAssessmentNote(data.sid);
  const templateLabelId = useId();
  const diagnosesLabelId = useId();

  if (templates.isPending) return <LoadingState label="Loading templates" />;
  const templateList = templates.data ?? [];
  if (templateList.length === 0) {
    return <EmptyState description="No note templates are available" compact />;
  }
  const selectedTemplateId = templateId ?? templateList[0]?.id;

  return (
    <Flex vertical gap={12}>
      <Flex vertical gap={4}>
        <Typography.Text id={templateLabelId}>Template</Typography.Text>
        <Select
          aria-labelledby={templateLabelId}
          value={selectedTemplateId}
          options={templateList.map((template) => ({ value: template.id, label: template.name }))}
          onChange={setTemplateId}
        />
      </Flex>
      <Flex vertical gap={4} role="group" aria-labelledby={diagnosesLabelId}>
        <Typography.Text id={diagnosesLabelId}>Diagnoses</Typography.Text>
        {options.length === 0 ? (
          <Typography.Text type="secondary">No diagnoses to document yet</Typography.Text>
        ) : (
          <Checkbox.Group
            value={chosenCodes}
            onChange={(chosen) => setChoices((previous) => recordNoteChoices(options, chosen, previous))}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            options={options.map((option) => ({ value: option.icdCode, label: option.label }))}
          />
        )}
      </Flex>
      <Flex justify="end">
        <Button
          type="primary"
          loading={draft.isPending}
          disabled={selectedTemplateId === undefined || chosenCodes.length === 0 || draft.isPending}
          onClick={() =>
            selectedTemplateId !== undefined && draft.mutate({ templateId: selectedTemplateId, icdCodes: chosenCodes })
          }
        >
          Draft
        </Button>
      </Flex>
      {draft.isError && <ErrorState title={describeApiError(draft.error)} />}
      {draft.isSuccess && <NoteDraft key={draft.submittedAt} draft={draft.data} />}
    </Flex>
  );
}
