import type { QualityMeasureRates, QualityRateGrouping } from '@cairn/contracts';
import { Flex, Tag, Typography } from 'antd';
import { countingNoteOf } from '../utils/rates';
import { RateChart } from './rate-chart';
import { RateTable } from './rate-table';
import { TargetEditor } from './target-editor';

export interface MeasureRatesProps {
  measure: QualityMeasureRates;
  grouping: QualityRateGrouping;
  canSetTargets: boolean;
}

/** One measure's rates: its name (an inverse measure said so), its target, the chart, the table and how they were counted. */
export function MeasureRates({ measure, grouping, canSetTargets }: MeasureRatesProps) {
  return (
    <section aria-labelledby="measure-rates-title">
      <Flex vertical gap="middle">
        <Flex vertical gap={4}>
          <Flex align="center" gap="small" wrap>
            <Typography.Title level={3} id="measure-rates-title" style={{ margin: 0 }}>
              {`${measure.measureId} ${measure.measureTitle}`}
            </Typography.Title>
            {measure.inverse ? <Tag color="purple">Inverse measure: lower is better</Tag> : <Tag>Higher is better</Tag>}
          </Flex>
          <Typography.Text type="secondary">
            {measure.inverse
              ? `${measure.measureVersion}. The numerator counts poor care, so the rate should stay at or below the target.`
              : `${measure.measureVersion}. The rate should reach the target or go above it.`}
          </Typography.Text>
        </Flex>
        <TargetEditor key={measure.measureId} measure={measure} canSetTargets={canSetTargets} />
        <RateChart measure={measure} grouping={grouping} />
        <RateTable measure={measure} grouping={grouping} />
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }}>
          {`Rate = numerator / (denominator − exclusions − exceptions). ${countingNoteOf(grouping, measure.rows)}`}
        </Typography.Paragraph>
      </Flex>
    </section>
  );
}
