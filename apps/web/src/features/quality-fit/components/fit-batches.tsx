import { FIT_KIT_STATUSES, type FitBatch } from '@cairn/contracts';
import { Alert, Button, Flex, Table, Tag, type TableColumnsType } from 'antd';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { formatDate } from '../../../lib/dates';
import { useDownloadFitLetters } from '../api/download-fit-letters';
import { useFitBatches } from '../api/list-fit-batches';
import { KIT_STATUS_COLOURS, KIT_STATUS_LABELS, languageLabel } from '../utils/labels';

/** The batches of letters mailed, latest first: their kits per state, and their letters to download again. */
export function FitBatches() {
  const batches = useFitBatches();
  const download = useDownloadFitLetters();
  if (batches.isPending) return <LoadingState label="Loading the batches" />;
  if (batches.isError)
    return <ErrorState title="The batches could not be loaded." onRetry={() => void batches.refetch()} />;
  if (batches.data.length === 0) return <EmptyState description="No FIT letters mailed yet" />;
  const columns: TableColumnsType<FitBatch> = [
    { title: 'Mailed', key: 'mailed', render: (_, batch) => formatDate(batch.mailedOn, 'date') },
    {
      title: 'Template',
      key: 'template',
      render: (_, batch) => `${batch.templateName} (${languageLabel(batch.language)})`,
    },
    { title: 'Return by', key: 'returnBy', render: (_, batch) => formatDate(batch.returnBy, 'date') },
    {
      title: 'Kits',
      key: 'kits',
      render: (_, batch) => (
        <Flex gap={4} wrap>
          {FIT_KIT_STATUSES.filter((status) => batch.counts[status] > 0).map((status) => (
            <Tag key={status} color={KIT_STATUS_COLOURS[status]}>
              {`${KIT_STATUS_LABELS[status]} ${String(batch.counts[status])}`}
            </Tag>
          ))}
        </Flex>
      ),
    },
    { title: 'Mailed by', key: 'by', render: (_, batch) => batch.createdByName ?? 'Cairn (demo)' },
    {
      title: 'Letters',
      key: 'letters',
      render: (_, batch) => (
        <Button
          size="small"
          loading={download.isPending && download.variables === batch.id}
          disabled={batch.kitCount === 0}
          onClick={() => download.mutate(batch.id)}
          aria-label={`Download the letters mailed ${formatDate(batch.mailedOn, 'date')} (PDF)`}
        >
          Download (PDF)
        </Button>
      ),
    },
  ];
  return (
    <>
      {download.isError ? (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title="The letters could not be downloaded." />
      ) : null}
      <Table<FitBatch>
        aria-label="Batches mailed"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={batches.data}
        pagination={false}
      />
    </>
  );
}
