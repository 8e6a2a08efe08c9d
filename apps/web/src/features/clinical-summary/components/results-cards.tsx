import type { ClinicalResult } from '@cairn/contracts';
import { Button } from 'antd';
import { formatResultValue } from '../../../lib/clinical-format';
import { ResultFlag } from './result-flag';
import { SummaryCard, SummaryItem, SummaryList, type SummaryState } from './summary-card';

/** Opens the trend of a test (by LOINC) that has more than one numeric result. */
export type OnOpenTrend = (result: ClinicalResult) => void;

export function hasTrend(result: ClinicalResult): boolean {
  return result.count > 1 && result.value !== null;
}

export function TrendButton({ result, onOpenTrend }: { result: ClinicalResult; onOpenTrend: OnOpenTrend }) {
  if (!hasTrend(result)) return null;
  return (
    <Button size="small" aria-label={`Trend of ${result.display}`} onClick={() => onOpenTrend(result)}>
      Trend
    </Button>
  );
}

interface ResultsCardProps {
  results: ClinicalResult[] | undefined;
  state: SummaryState;
  onOpenTrend: OnOpenTrend;
}

/** The latest of each vital sign. */
export function VitalsCard({ results, state, onOpenTrend }: ResultsCardProps) {
  return <ResultsCard title="Vitals" emptyText="No vitals" results={results} state={state} onOpenTrend={onOpenTrend} />;
}

/** The latest of each screening score (PHQ-9, GAD-7, ...). */
export function ScreeningScoresCard({ results, state, onOpenTrend }: ResultsCardProps) {
  return (
    <ResultsCard
      title="Screening scores"
      emptyText="No screening scores"
      results={results}
      state={state}
      onOpenTrend={onOpenTrend}
    />
  );
}

function ResultsCard({
  title,
  emptyText,
  results,
  state,
  onOpenTrend,
}: ResultsCardProps & { title: string; emptyText: string }) {
  const items = results ?? [];
  return (
    <SummaryCard title={title} state={state} isEmpty={items.length === 0} emptyText={emptyText}>
      <SummaryList label={title}>
        {items.map((result) => (
          <SummaryItem
            key={result.id}
            title={result.display}
            details={formatResultValue(result)}
            date={result.date}
            source={result.source}
            extra={
              <>
                <ResultFlag flag={result.flag} />
                <TrendButton result={result} onOpenTrend={onOpenTrend} />
              </>
            }
          />
        ))}
      </SummaryList>
    </SummaryCard>
  );
}
