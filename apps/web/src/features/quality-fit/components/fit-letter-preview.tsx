import type { FitTemplateInput, PatientListItem } from '@cairn/contracts';
import { Alert, Button, Card, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { PatientSearch } from '../../patients';
import { usePreviewFitLetter } from '../api/preview-fit-letter';

/**
 * The letter as it will print, for a sample patient or a patient chosen (a read of their record,
 * audited, so it is asked for with the button, not as the letter is typed).
 */
export function FitLetterPreview({ draft }: { draft: FitTemplateInput }) {
  const [who, setWho] = useState<'sample' | 'patient'>('sample');
  const [patient, setPatient] = useState<PatientListItem>();
  const preview = usePreviewFitLetter();
  const letter = preview.data?.letter;
  const canPreview = who === 'sample' || patient !== undefined;
  return (
    <section aria-labelledby="fit-preview-title">
      <Typography.Title level={4} id="fit-preview-title" style={{ marginTop: 0 }}>
        Preview
      </Typography.Title>
      <Flex vertical gap="small">
        <Radio.Group
          aria-label="Preview the letter for"
          value={who}
          onChange={(event) => setWho(event.target.value as 'sample' | 'patient')}
          options={[
            { value: 'sample', label: 'A sample patient' },
            { value: 'patient', label: 'A patient' },
          ]}
        />
        {who === 'patient' ? <PatientSearch selectedId={patient?.cairnPatientId} onSelect={setPatient} /> : null}
        <Button
          disabled={!canPreview}
          loading={preview.isPending}
          onClick={() =>
            preview.mutate({
              template: { body: draft.body, language: draft.language, returnByDays: draft.returnByDays },
              ...(who === 'patient' && patient ? { cairnPatientId: patient.cairnPatientId } : {}),
            })
          }
        >
          {who === 'patient' && patient ? `Preview for ${patient.firstName} ${patient.lastName}` : 'Preview'}
        </Button>
        {preview.isError ? (
          <Alert
            type="error"
            showIcon
            title={`No preview: ${isApiError(preview.error) && preview.error.serverMessage ? preview.error.serverMessage : 'the letter could not be merged.'}`}
          />
        ) : null}
        {letter ? (
          <Card size="small" aria-label="Letter preview">
            <Typography.Paragraph strong style={{ whiteSpace: 'pre-line', marginBottom: 24 }}>
              {letter.returnAddress.join('\n')}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 24 }}>
              {letter.addressBlock.join('\n')}
            </Typography.Paragraph>
            <Typography.Paragraph>{letter.date}</Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{letter.body}</Typography.Paragraph>
          </Card>
        ) : null}
      </Flex>
    </section>
  );
}
