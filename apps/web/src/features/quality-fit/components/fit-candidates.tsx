import type { FieldIssue, FitCandidateFilters, FitTemplate } from '@cairn/contracts';
import { Alert, Button, Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { dayjs } from '../../../lib/dates';
import { useCreateFitBatch } from '../api/create-fit-batch';
import { useDownloadFitLetters } from '../api/download-fit-letters';
import { useFitCandidates } from '../api/get-fit-candidates';
import { useFitTemplates } from '../api/list-fit-templates';
import { languageLabel } from '../utils/labels';
import { FitCandidateFilterBar } from './fit-candidate-filter-bar';
import { FitCandidatesTable } from './fit-candidates-table';

const DEFAULT_PAGE_SIZE = 50;

type Outcome = { kind: 'mailed'; letters: number; pages: number | undefined } | { kind: 'failed'; message: string };

/** What refused a batch, in words: each patient the server named, or its message. */
function failureOf(error: unknown): string {
  const issues = isApiError(error) ? (error.details?.issues as FieldIssue[] | undefined) : undefined;
  if (issues?.length) return issues.map((issue) => issue.message).join('; ');
  return isApiError(error) && error.serverMessage ? error.serverMessage : 'The letters could not be made.';
}

/**
 * The patients with an open CMS130 gap to invite (issue 19): filters, a page to select from, a template
 * and the day mailed; "Mail letters" records a kit per patient and downloads their letters as one PDF.
 */
export function FitCandidates() {
  const [filters, setFilters] = useState<FitCandidateFilters>({ isWithoutKitOut: true });
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [chosenTemplateId, setTemplateId] = useState<string>();
  const [mailedOn, setMailedOn] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [outcome, setOutcome] = useState<Outcome>();
  const candidates = useFitCandidates({ filters, ...paging });
  const templates = useFitTemplates();
  const createBatch = useCreateFitBatch();
  const downloadLetters = useDownloadFitLetters();
  const templateId = chosenTemplateId ?? templates.data?.[0]?.id;
  const isMailing = createBatch.isPending || downloadLetters.isPending;

  const mail = async () => {
    if (!templateId) return;
    setOutcome(undefined);
    let batch;
    try {
      batch = await createBatch.mutateAsync({ templateId, cairnPatientIds: selectedIds, mailedOn });
    } catch (error) {
      setOutcome({ kind: 'failed', message: failureOf(error) });
      return;
    }
    setSelectedIds([]);
    const pages = await downloadLetters.mutateAsync(batch.id).then(
      (letters) => letters.pages,
      () => undefined,
    );
    setOutcome({ kind: 'mailed', letters: batch.kitCount, pages });
  };

  return (
    <>
      <FitCandidateFilterBar
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPaging({ ...paging, page: 1 });
        }}
      />
      <Flex justify="space-between" align="center" gap="small" wrap style={{ marginBottom: 12 }}>
        <Typography.Text aria-live="polite">
          {selectedIds.length > 0 ? `${String(selectedIds.length)} selected` : 'Select patients to mail them a FIT kit'}
        </Typography.Text>
        <Flex gap="small" wrap align="center">
          <TemplateChoice
            templates={templates.data}
            isLoading={templates.isPending}
            value={templateId}
            onChange={setTemplateId}
          />
          <Input
            type="date"
            aria-label="Mailed on"
            style={{ width: 160 }}
            value={mailedOn}
            max={dayjs().format('YYYY-MM-DD')}
            onChange={(event) => setMailedOn(event.target.value || dayjs().format('YYYY-MM-DD'))}
          />
          <Button
            type="primary"
            loading={isMailing}
            disabled={selectedIds.length === 0 || !templateId}
            onClick={() => void mail()}
          >
            {selectedIds.length > 0 ? `Mail letters (${String(selectedIds.length)})` : 'Mail letters'}
          </Button>
        </Flex>
      </Flex>
      <MailOutcome outcome={outcome} />
      {candidates.isPending ? (
        <LoadingState label="Loading the patients to invite" />
      ) : candidates.isError ? (
        <ErrorState
          title={
            isApiError(candidates.error) && candidates.error.code === 'FORBIDDEN'
              ? 'The Quality Workspace is not available to you.'
              : 'The patients to invite could not be loaded.'
          }
          onRetry={() => void candidates.refetch()}
        />
      ) : candidates.data.total === 0 ? (
        <EmptyState description="No patient with an open CMS130 gap matches these filters" />
      ) : (
        <FitCandidatesTable
          rows={candidates.data.rows}
          total={candidates.data.total}
          {...paging}
          isLoading={candidates.isFetching}
          selectedIds={selectedIds}
          onSelect={setSelectedIds}
          onPage={(page, pageSize) => setPaging({ page, pageSize })}
        />
      )}
    </>
  );
}

function TemplateChoice(props: {
  templates: FitTemplate[] | undefined;
  isLoading: boolean;
  value: string | undefined;
  onChange: (templateId: string) => void;
}) {
  if (!props.isLoading && props.templates?.length === 0) {
    return <Link to={paths.qualityFitAddTemplate.href()}>Add a letter template first</Link>;
  }
  return (
    <Select
      aria-label="Letter template"
      placeholder="Letter template"
      style={{ minWidth: 240 }}
      loading={props.isLoading}
      value={props.value}
      onChange={props.onChange}
      options={(props.templates ?? []).map((template) => ({
        value: template.id,
        label: `${template.name} (${languageLabel(template.language)})`,
      }))}
    />
  );
}

function MailOutcome({ outcome }: { outcome: Outcome | undefined }) {
  if (!outcome) return null;
  if (outcome.kind === 'failed') {
    return (
      <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`No letter was mailed: ${outcome.message}`} />
    );
  }
  const kits = `${String(outcome.letters)} ${outcome.letters === 1 ? 'kit' : 'kits'} recorded as mailed.`;
  return outcome.pages === undefined ? (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={`${kits} Their letters could not be downloaded: download them again under Batches.`}
    />
  ) : (
    <Alert
      type="success"
      showIcon
      style={{ marginBottom: 12 }}
      title={`${kits} Their letters (${String(outcome.pages)} ${outcome.pages === 1 ? 'page' : 'pages'}, one a patient) are downloaded as a PDF; download them again under Batches.`}
    />
  );
}
