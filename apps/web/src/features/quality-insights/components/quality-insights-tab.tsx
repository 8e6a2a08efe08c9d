import type { CareGapItem, QualityInsights } from '@cairn/contracts';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { formatDate } from '../../../lib/dates';
import { useQualityInsights } from '../api/get-quality-insights';
import { useMarkCareGap, usePendingMarks } from '../api/mark-care-gap';
import { describeApiError } from '../utils/errors';
import { countByStatus, STATUS_LABELS } from '../utils/labels';
import { CareGapCard } from './care-gap-card';
import type { OnOpenGapEvidence } from './gap-evidence';

export interface QualityInsightsTabProps {
  patientId: string;
  /** The visit the portrait is opened for; without one the gaps are shown and nothing can be marked. */
  sid: string | undefined;
  onOpenEvidence: OnOpenGapEvidence;
  /** Beside the summary line (a link to the full page, for instance). */
  extra?: ReactNode;
}

/**
 * The Quality Insights tab (issue 19): each measure the patient's analysis evaluated, open gaps first,
 * with why (evidence that opens as a diagnosis suggestion's does), what closes it and by when; a gap
 * addressed at the visit is ticked and goes to the EHR with the cart. Measures that do not apply are
 * one click away.
 */
export function QualityInsightsTab({ patientId, sid, onOpenEvidence, extra }: QualityInsightsTabProps) {
  const insights = useQualityInsights(patientId, sid);
  if (insights.isPending) return <LoadingState label="Loading the quality insights" rows={6} />;
  if (insights.isError) {
    return <ErrorState title="The quality insights could not be loaded." onRetry={() => void insights.refetch()} />;
  }
  if (!insights.data.isAnalysed) {
    return (
      <Flex vertical align="center" gap="small" style={{ padding: 32 }}>
        <Spin />
        <Typography.Text>Analysing this patient&apos;s data...</Typography.Text>
      </Flex>
    );
  }
  if (insights.data.gaps.length === 0) return <EmptyState description="No quality measures for this patient" />;
  return <GapList data={insights.data} patientId={patientId} onOpenEvidence={onOpenEvidence} extra={extra} />;
}

interface GapListProps {
  data: QualityInsights;
  patientId: string;
  onOpenEvidence: OnOpenGapEvidence;
  extra?: ReactNode;
}

const applies = (gap: CareGapItem): boolean => gap.status !== 'excluded' && gap.status !== 'not-applicable';

function GapList({ data, patientId, onOpenEvidence, extra }: GapListProps) {
  const [isOthersShown, setIsOthersShown] = useState(false);
  const othersId = useId();
  const marking = useMarkCareGap(patientId, data.sid ?? '');
  const pending = usePendingMarks(data.sid ?? undefined);
  const [error, setError] = useState<string>();
  const shown = data.gaps.filter(applies);
  const others = data.gaps.filter((gap) => !applies(gap));

  function mark(gap: CareGapItem, isAddressed: boolean, note: string | undefined) {
    setError(undefined);
    marking.mutate(
      { measureId: gap.measureId, isAddressed, ...(isAddressed && note ? { note } : {}) },
      {
        onError: (failure) =>
          setError(
            `${gap.measureId} could not be ${isAddressed ? 'marked' : 'unmarked'}: ${describeApiError(failure)}`,
          ),
      },
    );
  }
  const card = (gap: CareGapItem) => (
    <li key={gap.measureId}>
      <CareGapCard
        gap={gap}
        onOpenEvidence={onOpenEvidence}
        canMark={data.canMark}
        isMarkPending={pending.has(gap.measureId)}
        onMark={(isAddressed, note) => mark(gap, isAddressed, note)}
      />
    </li>
  );
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text role="status">{summaryText(data)}</Typography.Text>
        {extra}
      </Flex>
      {error !== undefined && (
        <Alert
          type="error"
          showIcon
          title={error}
          closable={{ onClose: () => setError(undefined), 'aria-label': 'Dismiss' }}
        />
      )}
      {shown.length === 0 ? (
        <EmptyState description="No measure applies to this patient this year" compact />
      ) : (
        <ul aria-label="Care gaps" style={listStyle}>
          {shown.map(card)}
        </ul>
      )}
      {others.length > 0 && (
        <div>
          <Button
            type="link"
            aria-expanded={isOthersShown}
            aria-controls={othersId}
            onClick={() => setIsOthersShown((value) => !value)}
            style={{ paddingInline: 0 }}
          >
            {isOthersShown ? 'Hide' : 'Show'} measures that do not apply ({others.length})
          </Button>
          {isOthersShown && (
            <ul id={othersId} aria-label="Measures that do not apply" style={listStyle}>
              {others.map(card)}
            </ul>
          )}
        </div>
      )}
    </Flex>
  );
}

const listStyle = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
} as const;

/** "1 open, 2 closed, 1 excluded, 5 not applicable, as of 06/15/2026". */
function summaryText(data: QualityInsights): string {
  const counts = countByStatus(data.gaps).map(
    ({ status, count }) => `${String(count)} ${STATUS_LABELS[status].label.toLowerCase()}`,
  );
  return data.asOf ? `${counts.join(', ')}, as of ${formatDate(data.asOf, 'date')}` : counts.join(', ');
}
