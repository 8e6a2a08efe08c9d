import type { DocumentFacets, DocumentFilters } from '@cairn/contracts';
import { DatePicker, Flex, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { dayjs, DATE_FORMATS, formatDate } from '../../../lib/dates';

export interface DocumentFilterBarProps {
  facets: DocumentFacets | undefined;
  filters: DocumentFilters;
  onChange: (filters: DocumentFilters) => void;
}

const SELECT_STYLE = { minWidth: 160 };

/** Type, source and author multi-selects from the values present, and a date range. */
export function DocumentFilterBar({ facets, filters, onChange }: DocumentFilterBarProps) {
  const change = (changes: Partial<DocumentFilters>) => onChange(withoutEmpty({ ...filters, ...changes }));
  const range: [Dayjs | null, Dayjs | null] = [
    filters.dateFrom ? dayjs(filters.dateFrom) : null,
    filters.dateTo ? dayjs(filters.dateTo) : null,
  ];
  return (
    <Flex wrap gap="small" role="group" aria-label="Document filters">
      <Select
        mode="multiple"
        aria-label="Type"
        placeholder="Type"
        allowClear
        virtual={false}
        style={SELECT_STYLE}
        value={filters.types ?? []}
        options={(facets?.types ?? []).map((type) => ({ value: type.code, label: type.display }))}
        onChange={(types: string[]) => change({ types })}
      />
      <Select
        mode="multiple"
        aria-label="Source"
        placeholder="Source"
        allowClear
        virtual={false}
        style={SELECT_STYLE}
        value={filters.sources ?? []}
        options={(facets?.sources ?? []).map((source) => ({ value: source, label: source }))}
        onChange={(sources: DocumentFilters['sources']) => change({ sources })}
      />
      <Select
        mode="multiple"
        aria-label="Author"
        placeholder="Author"
        allowClear
        virtual={false}
        style={SELECT_STYLE}
        value={filters.authors ?? []}
        options={(facets?.authors ?? []).map((author) => ({ value: author, label: author }))}
        onChange={(authors: string[]) => change({ authors })}
      />
      <DatePicker.RangePicker
        aria-label="Date range"
        format={DATE_FORMATS.date}
        allowEmpty={[true, true]}
        value={range}
        onChange={(dates) =>
          change({
            dateFrom: dates?.[0] ? formatDate(dates[0], 'isoDate') : undefined,
            dateTo: dates?.[1] ? formatDate(dates[1], 'isoDate') : undefined,
          })
        }
      />
    </Flex>
  );
}

/** Empty lists and unset dates are left out, so that the request (and its cache key) stays minimal. */
function withoutEmpty(filters: DocumentFilters): DocumentFilters {
  const kept: DocumentFilters = {};
  if (filters.types?.length) kept.types = filters.types;
  if (filters.sources?.length) kept.sources = filters.sources;
  if (filters.authors?.length) kept.authors = filters.authors;
  if (filters.dateFrom) kept.dateFrom = filters.dateFrom;
  if (filters.dateTo) kept.dateTo = filters.dateTo;
  return kept;
}
