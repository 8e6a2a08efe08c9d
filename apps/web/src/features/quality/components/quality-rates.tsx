import { QUALITY_RATE_GROUPINGS, type QualityMeasure, type QualityRateGrouping } from '@cairn/contracts';
import { Flex, Tabs } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useQualityMeasures } from '../api/get-quality-measures';
import { useQualityRates } from '../api/get-quality-satisfaction-rate';
import { GROUPING_LABELS } from '../utils/rates';
import { MeasureRates } from './measure-rates';
import { RatesFilterBar, type RatesChoice } from './rates-filter-bar';

/**
 * /quality-satisfaction-rate: a measure's performance rate by month, provider or clinic (a tab each),
 * as a chart and a table against the organisation's target. One measure is asked for at a time: the
 * rates of every measure at once take the server ten times as long.
 */
export function QualityRates() {
  const [grouping, setGrouping] = useState<QualityRateGrouping>('month');
  const [choice, setChoice] = useState<RatesChoice>({ fromMonth: 1, toMonth: 12 });
  const measures = useQualityMeasures();
  const measureId = choice.measureId ?? measures.data?.[0]?.measureId;
  const rates = useQualityRates(
    {
      grouping,
      filters: {
        measureIds: measureId === undefined ? undefined : [measureId],
        year: choice.year,
        fromMonth: choice.fromMonth,
        toMonth: choice.toMonth,
      },
    },
    measureId !== undefined,
  );
  return (
    <Flex vertical gap="middle">
      <RatesFilterBar
        value={{ ...choice, measureId, year: choice.year ?? rates.data?.year ?? undefined }}
        onChange={(change) => setChoice({ ...choice, ...change })}
        measures={measures.data ?? []}
        years={rates.data?.years ?? []}
        isLoading={measures.isPending}
      />
      <Tabs
        activeKey={grouping}
        onChange={(key) => setGrouping(key as QualityRateGrouping)}
        items={QUALITY_RATE_GROUPINGS.map((key) => ({
          key,
          label: GROUPING_LABELS[key],
          children: key === grouping ? <RatesContent measures={measures} rates={rates} measureId={measureId} /> : null,
        }))}
      />
    </Flex>
  );
}

function RatesContent({
  measures,
  rates,
  measureId,
}: {
  measures: ReturnType<typeof useQualityMeasures>;
  rates: ReturnType<typeof useQualityRates>;
  measureId: string | undefined;
}) {
  if (measures.isPending) return <LoadingState label="Loading the performance rates" />;
  if (measures.isError) {
    return <ErrorState title="The measures could not be loaded." onRetry={() => void measures.refetch()} />;
  }
  if (measures.data.length === 0 || measureId === undefined) {
    return <EmptyState description="No care gaps to measure yet: rates appear once your patients are analysed" />;
  }
  if (rates.isPending) return <LoadingState label="Loading the performance rates" />;
  if (rates.isError) {
    return <ErrorState title="The performance rates could not be loaded." onRetry={() => void rates.refetch()} />;
  }
  const measure = rates.data.measures.find((each) => each.measureId === measureId);
  // Another measure's rates stay on screen while the chosen one's load.
  if (!measure && rates.isPlaceholderData) return <LoadingState label="Loading the performance rates" />;
  if (!measure) {
    const name = measureNameOf(measures.data, measureId);
    return <EmptyState description={`No patients in ${name} in ${String(rates.data.year ?? '')} for these choices`} />;
  }
  return <MeasureRates measure={measure} grouping={rates.data.grouping} canSetTargets={rates.data.canSetTargets} />;
}

function measureNameOf(measures: readonly QualityMeasure[], measureId: string): string {
  const measure = measures.find((each) => each.measureId === measureId);
  return measure ? `${measure.measureId} ${measure.measureTitle}` : measureId;
}
