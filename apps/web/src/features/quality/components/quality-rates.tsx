import { QUALITY_RATE_GROUPINGS, type QualityRateGrouping } from '@cairn/contracts';
import { Flex, Tabs } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useQualityRates, type QualityRates } from '../api/get-quality-satisfaction-rate';
import { GROUPING_LABELS } from '../utils/rates';
import { MeasureRates } from './measure-rates';
import { RatesFilterBar, type RatesChoice } from './rates-filter-bar';

/**
 * /quality-satisfaction-rate: each measure's performance rate by month, provider or clinic (a tab
 * each), one measure at a time as a chart and a table against the organisation's target.
 */
export function QualityRates() {
  const [grouping, setGrouping] = useState<QualityRateGrouping>('month');
  const [choice, setChoice] = useState<RatesChoice>({ fromMonth: 1, toMonth: 12 });
  const rates = useQualityRates({
    grouping,
    filters: { year: choice.year, fromMonth: choice.fromMonth, toMonth: choice.toMonth },
  });
  const measures = rates.data?.measures ?? [];
  const measure = measures.find((each) => each.measureId === choice.measureId) ?? measures[0];
  return (
    <Flex vertical gap="middle">
      <RatesFilterBar
        value={{ ...choice, measureId: measure?.measureId, year: choice.year ?? rates.data?.year ?? undefined }}
        onChange={(change) => setChoice({ ...choice, ...change })}
        measures={measures}
        years={rates.data?.years ?? []}
        isLoading={rates.isPending}
      />
      <Tabs
        activeKey={grouping}
        onChange={(key) => setGrouping(key as QualityRateGrouping)}
        items={QUALITY_RATE_GROUPINGS.map((key) => ({
          key,
          label: GROUPING_LABELS[key],
          children: key === grouping ? <RatesContent rates={rates} measureId={measure?.measureId} /> : null,
        }))}
      />
    </Flex>
  );
}

function RatesContent({
  rates,
  measureId,
}: {
  rates: ReturnType<typeof useQualityRates>;
  measureId: string | undefined;
}) {
  if (rates.isPending) return <LoadingState label="Loading the performance rates" />;
  if (rates.isError) {
    return <ErrorState title="The performance rates could not be loaded." onRetry={() => void rates.refetch()} />;
  }
  const data: QualityRates = rates.data;
  const measure = data.measures.find((each) => each.measureId === measureId);
  if (data.year === null) {
    return <EmptyState description="No care gaps to measure yet: rates appear once your patients are analysed" />;
  }
  if (!measure) {
    return <EmptyState description={`No measure has patients in ${String(data.year)} for these choices`} />;
  }
  return <MeasureRates measure={measure} grouping={data.grouping} canSetTargets={data.canSetTargets} />;
}
