import type { QualityMeasure } from '@cairn/contracts';
import { Flex, Select } from 'antd';
import { MONTH_NAMES } from '../utils/rates';

/** What the page shows: a measure, a measurement period (the latest when none is chosen) and its months. */
export interface RatesChoice {
  measureId?: string | undefined;
  year?: number | undefined;
  fromMonth: number;
  toMonth: number;
}

export interface RatesFilterBarProps {
  value: RatesChoice;
  onChange: (change: Partial<RatesChoice>) => void;
  measures: QualityMeasure[];
  years: number[];
  isLoading: boolean;
}

const monthOptions = (isAllowed: (month: number) => boolean) =>
  MONTH_NAMES.map((name, index) => ({ value: index + 1, label: name, disabled: !isAllowed(index + 1) }));

/** The measure, the year and the months; each applies as soon as it is chosen. */
export function RatesFilterBar({ value, onChange, measures, years, isLoading }: RatesFilterBarProps) {
  return (
    <Flex role="search" aria-label="Performance rate choices" gap="small" wrap>
      <Select
        aria-label="Measure"
        placeholder="Measure"
        style={{ minWidth: 320 }}
        loading={isLoading}
        value={value.measureId}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(measureId: string) => onChange({ measureId })}
        options={measures.map((measure) => ({
          value: measure.measureId,
          label: `${measure.measureId} ${measure.measureTitle}`,
        }))}
      />
      <Select
        aria-label="Measurement year"
        placeholder="Year"
        style={{ width: 110 }}
        loading={isLoading}
        disabled={years.length === 0}
        value={value.year}
        onChange={(year: number) => onChange({ year })}
        options={years.map((year) => ({ value: year, label: String(year) }))}
      />
      <Select
        aria-label="From month"
        style={{ width: 150 }}
        value={value.fromMonth}
        onChange={(fromMonth: number) => onChange({ fromMonth })}
        options={monthOptions((month) => month <= value.toMonth)}
      />
      <Select
        aria-label="To month"
        style={{ width: 150 }}
        value={value.toMonth}
        onChange={(toMonth: number) => onChange({ toMonth })}
        options={monthOptions((month) => month >= value.fromMonth)}
      />
    </Flex>
  );
}
