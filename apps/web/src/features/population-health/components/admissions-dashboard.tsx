import type { AdmissionsCounts, AdmissionsSummary, PopulationStay, StayDrill } from '@cairn/contracts';
import { Col, Row, Tag, theme } from 'antd';
import { useState } from 'react';
import {
  BreakdownBar,
  ChartPanel,
  formatMonth,
  KpiTiles,
  PatientDrilldown,
  patientColumns,
  TrendChart,
  useUrlFilters,
  type DashboardColumn,
} from '../../dashboards';
import { fetchAllStays, fetchStays, useAdmissionsSummary } from '../api/population-queries';
import { admissionsCodec, apiFilters } from '../utils/filters';
import { PopulationFilterBar } from './population-filter-bar';
import { FreshnessNote, PopulationPage } from './population-page';
import { TransitionalCarePanel } from './transitional-care-panel';

type MonthRow = AdmissionsSummary['months'][number];
type ClinicRow = AdmissionsSummary['byClinic'][number];
type ProviderRow = AdmissionsSummary['byProvider'][number];
type DiagnosisRow = AdmissionsSummary['topDiagnoses'][number];

/** The columns every breakdown shares, after its own label column. */
function countColumns<Row extends AdmissionsCounts>(): DashboardColumn<Row>[] {
  return [
    { key: 'admissions', title: 'Admissions', value: (row) => row.admissions, format: 'count' },
    {
      key: 'admissionsPer1000',
      title: 'Admissions per 1,000 a year',
      value: (row) => row.admissionsPer1000,
      format: 'perThousand',
      isDrillable: false,
    },
    { key: 'observationStays', title: 'Observation stays', value: (row) => row.observationStays, format: 'count' },
    { key: 'emergencyVisits', title: 'Emergency visits', value: (row) => row.emergencyVisits, format: 'count' },
    {
      key: 'emergencyPer1000',
      title: 'Emergency visits per 1,000 a year',
      value: (row) => row.emergencyPer1000,
      format: 'perThousand',
      isDrillable: false,
    },
    {
      key: 'averageLengthOfStay',
      title: 'Average length of stay',
      value: (row) => row.averageLengthOfStay,
      format: 'days',
      isDrillable: false,
    },
    {
      key: 'readmissions',
      title: '30-day readmission rate',
      value: (row) => (row.readmissions.rate === null ? null : row.readmissions.rate * 100),
      format: 'percent',
    },
    {
      key: 'memberMonths',
      title: 'Member months',
      value: (row) => row.memberMonths,
      format: 'count',
      isDrillable: false,
      isExportOnly: true,
    },
  ];
}

/** The stays a number of a column counts. */
function drillOfColumn(columnKey: string): StayDrill {
  if (columnKey === 'observationStays') return { kinds: ['observation'] };
  if (columnKey === 'emergencyVisits') return { kinds: ['emergency'] };
  if (columnKey === 'readmissions') return { isReadmitted: true };
  return { kinds: ['inpatient'] };
}
const COLUMN_WORDS: Record<string, string> = {
  admissions: 'Admissions',
  observationStays: 'Observation stays',
  emergencyVisits: 'Emergency visits',
  readmissions: 'Readmitted within 30 days',
};

const stayColumns: DashboardColumn<PopulationStay>[] = [
  ...patientColumns<PopulationStay>((row) => row.patient),
  { key: 'kind', title: 'Kind', value: (row) => KIND_LABELS[row.kind] },
  { key: 'admitDate', title: 'Admitted', value: (row) => row.admitDate },
  { key: 'dischargeDate', title: 'Discharged', value: (row) => row.dischargeDate },
  {
    key: 'lengthOfStay',
    title: 'Length of stay',
    value: (row) => row.lengthOfStay,
    format: 'days',
    isDrillable: false,
  },
  {
    key: 'diagnosis',
    title: 'Discharge diagnosis',
    value: (row) => [row.diagnosisCode, row.diagnosisText].filter(Boolean).join(' ') || 'Not given',
  },
  { key: 'ccsr', title: 'Diagnosis group', value: (row) => row.ccsrDescription ?? row.ccsrCategory },
  {
    key: 'readmission',
    title: 'Readmission',
    value: (row) => (row.isReadmission ? 'Readmission' : row.isReadmitted ? 'Readmitted within 30 days' : ''),
    render: (row) =>
      row.isReadmission ? (
        <Tag color="orange">Readmission</Tag>
      ) : row.isReadmitted ? (
        <Tag color="red">Readmitted</Tag>
      ) : null,
  },
  { key: 'origin', title: 'Known from', value: (row) => (row.origin === 'claim' ? 'Claims' : 'EHR') },
  { key: 'provider', title: 'Primary care provider', value: (row) => row.providerName ?? 'None' },
];

const KIND_LABELS: Record<PopulationStay['kind'], string> = {
  inpatient: 'Inpatient stay',
  observation: 'Observation stay',
  emergency: 'Emergency visit',
};

interface Drill {
  title: string;
  drill: StayDrill;
}

/**
 * /pop-health-admissions: admissions, observation stays and emergency visits per 1,000 patients, length of
 * stay and 30-day readmissions by month, clinic, provider and diagnosis group, every number opening its
 * patients; and the transitional-care worklist.
 */
export function AdmissionsDashboard() {
  const { token } = theme.useToken();
  const { filters, setFilters } = useUrlFilters(admissionsCodec);
  const input = { filters: apiFilters(filters) };
  const summary = useAdmissionsSummary(input);
  const [drill, setDrill] = useState<Drill>();
  const data = summary.data;
  const open = (title: string, stays: StayDrill) => setDrill({ title, drill: stays });
  const totals = data?.totals;
  const isLoading = summary.isPending;
  const isError = summary.isError;
  const retry = () => void summary.refetch();

  return (
    <PopulationPage
      current="admissions"
      title="Admissions and transitions"
      description="Hospital stays and emergency visits of your patients, attributed to their primary care provider, and the patients just discharged who have not been seen since."
      filters={
        <>
          <PopulationFilterBar
            value={{ ...filters, period: filters.period ?? 'L12' }}
            onChange={(change) => setFilters(change)}
            periods={data?.freshness.periods}
          />
          <FreshnessNote freshness={data?.freshness} />
        </>
      }
    >
      <Row gutter={[token.margin, token.margin]}>
        <Col span={24}>
          <KpiTiles
            label="Admissions at a glance"
            isLoading={isLoading}
            tiles={[
              {
                key: 'admissions',
                label: 'Admissions',
                value: totals?.admissions,
                format: 'count',
                description: 'Inpatient stays admitted in the period.',
                onDrill: () => open('Admissions', { kinds: ['inpatient'] }),
                drillLabel: 'Show the patients admitted',
              },
              {
                key: 'admissionsPer1000',
                label: 'Admissions per 1,000 a year',
                value: totals?.admissionsPer1000,
                format: 'perThousand',
                description: 'Admissions for every 1,000 patients over a year (per member month x 12,000).',
              },
              {
                key: 'emergencyPer1000',
                label: 'Emergency visits per 1,000 a year',
                value: totals?.emergencyPer1000,
                format: 'perThousand',
                onDrill: () => open('Emergency visits', { kinds: ['emergency'] }),
                drillLabel: 'Show the patients seen in the emergency department',
              },
              {
                key: 'readmissions',
                label: '30-day readmission rate',
                value:
                  totals?.readmissions.rate === null || totals === undefined ? null : totals.readmissions.rate * 100,
                format: 'percent',
                description: totals
                  ? `${String(totals.readmissions.numerator)} of ${String(totals.readmissions.denominator)} inpatient discharges were followed by another admission within 30 days.`
                  : undefined,
                onDrill: () => open('Discharges followed by a readmission within 30 days', { isReadmitted: true }),
                drillLabel: 'Show the readmitted patients',
              },
              {
                key: 'averageLengthOfStay',
                label: 'Average length of stay',
                value: totals?.averageLengthOfStay,
                format: 'days',
                onDrill: () => open('Inpatient discharges', { isDischargedInPeriod: true }),
                drillLabel: 'Show the inpatient discharges',
              },
              {
                key: 'transitionalCare',
                label: 'Discharged, not yet seen',
                value: data?.transitionalCare,
                format: 'count',
                description: 'Patients discharged in the last 14 days without a visit since (the worklist below).',
              },
            ]}
          />
        </Col>
        <Col span={24}>
          <TransitionalCarePanel filters={input.filters} />
        </Col>
        <Col span={24}>
          <ChartPanel<MonthRow>
            title="Admissions and emergency visits by month"
            description="Stays and visits admitted each month (bars), and admissions per 1,000 patients over a year (line)."
            rows={data?.months}
            isLoading={isLoading}
            isError={isError}
            onRetry={retry}
            rowKey={(row) => row.month}
            exportName="admissions-by-month"
            columns={[
              { key: 'month', title: 'Month', value: (row) => row.month, format: (row) => formatMonth(row.month) },
              ...countColumns<MonthRow>(),
            ]}
            onDrill={(row, column) =>
              open(`${COLUMN_WORDS[column] ?? 'Admissions'}, ${formatMonth(row.month)}`, {
                ...drillOfColumn(column),
                month: row.month,
              })
            }
            chart={(rows) => (
              <TrendChart<MonthRow>
                title="Admissions and emergency visits by month"
                data={rows}
                month={(row) => row.month}
                leftFormat="count"
                rightFormat="perThousand"
                series={[
                  { key: 'admissions', label: 'Admissions', value: (row) => row.admissions, kind: 'bar' },
                  {
                    key: 'observationStays',
                    label: 'Observation stays',
                    value: (row) => row.observationStays,
                    kind: 'bar',
                  },
                  {
                    key: 'emergencyVisits',
                    label: 'Emergency visits',
                    value: (row) => row.emergencyVisits,
                    kind: 'bar',
                  },
                  {
                    key: 'admissionsPer1000',
                    label: 'Admissions per 1,000 a year',
                    value: (row) => row.admissionsPer1000,
                    kind: 'line',
                    axis: 'right',
                  },
                ]}
                onSelect={(row) =>
                  open(`Admissions, ${formatMonth(row.month)}`, { kinds: ['inpatient'], month: row.month })
                }
              />
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartPanel<ClinicRow>
            title="By clinic"
            description="Each clinic's patients (by their primary care provider's clinic)."
            rows={data?.byClinic}
            isLoading={isLoading}
            isError={isError}
            onRetry={retry}
            defaultView="table"
            rowKey={(row) => row.clinic?.id ?? 'none'}
            exportName="admissions-by-clinic"
            columns={[
              { key: 'clinic', title: 'Clinic', value: (row) => row.clinic?.name ?? 'No primary care provider' },
              ...countColumns<ClinicRow>(),
            ]}
            onDrill={(row, column) =>
              open(`${COLUMN_WORDS[column] ?? 'Admissions'}: ${row.clinic?.name ?? 'no primary care provider'}`, {
                ...drillOfColumn(column),
                clinicId: row.clinic?.id ?? null,
              })
            }
            chart={(rows) => (
              <BreakdownBar<ClinicRow>
                title="Admissions per 1,000 a year by clinic"
                data={rows}
                category={(row) => row.clinic?.name ?? 'No primary care provider'}
                value={(row) => row.admissionsPer1000}
                valueLabel="Admissions per 1,000 a year"
                format="perThousand"
                onSelect={(row) =>
                  open(`Admissions: ${row.clinic?.name ?? 'no primary care provider'}`, {
                    kinds: ['inpatient'],
                    clinicId: row.clinic?.id ?? null,
                  })
                }
              />
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartPanel<DiagnosisRow>
            title="Top diagnosis groups"
            description="The discharge diagnoses, grouped by AHRQ's Clinical Classifications Software Refined (CCSR) categories."
            rows={data?.topDiagnoses}
            isLoading={isLoading}
            isError={isError}
            onRetry={retry}
            rowKey={(row) => row.category}
            exportName="admissions-by-diagnosis-group"
            columns={[
              { key: 'description', title: 'Diagnosis group', value: (row) => row.description },
              { key: 'category', title: 'CCSR category', value: (row) => row.category },
              { key: 'admissions', title: 'Admissions', value: (row) => row.admissions, format: 'count' },
              {
                key: 'observationStays',
                title: 'Observation stays',
                value: (row) => row.observationStays,
                format: 'count',
              },
              {
                key: 'emergencyVisits',
                title: 'Emergency visits',
                value: (row) => row.emergencyVisits,
                format: 'count',
              },
            ]}
            onDrill={(row, column) =>
              open(`${COLUMN_WORDS[column] ?? 'Admissions'}: ${row.description}`, {
                ...drillOfColumn(column),
                ccsrCategory: row.category,
              })
            }
            chart={(rows) => (
              <BreakdownBar<DiagnosisRow>
                title="Admissions by diagnosis group"
                data={rows}
                category={(row) => row.description}
                value={(row) => row.admissions + row.observationStays + row.emergencyVisits}
                valueLabel="Stays and visits"
                format="count"
                onSelect={(row) => open(`Stays and visits: ${row.description}`, { ccsrCategory: row.category })}
              />
            )}
          />
        </Col>
        <Col span={24}>
          <ChartPanel<ProviderRow>
            title="By primary care provider"
            description="Each provider's patients: their stays, visits and readmissions."
            rows={data?.byProvider}
            isLoading={isLoading}
            isError={isError}
            onRetry={retry}
            rowKey={(row) => row.provider?.id ?? 'none'}
            exportName="admissions-by-provider"
            columns={[
              { key: 'provider', title: 'Provider', value: (row) => row.provider?.name ?? 'No primary care provider' },
              { key: 'clinic', title: 'Clinic', value: (row) => row.clinicName ?? '' },
              ...countColumns<ProviderRow>(),
            ]}
            onDrill={(row, column) =>
              open(`${COLUMN_WORDS[column] ?? 'Admissions'}: ${row.provider?.name ?? 'no primary care provider'}`, {
                ...drillOfColumn(column),
                providerId: row.provider?.id ?? null,
              })
            }
          />
        </Col>
      </Row>
      {drill && (
        <PatientDrilldown<PopulationStay>
          open
          title={drill.title}
          onClose={() => setDrill(undefined)}
          queryKey={['population', 'stays', input, drill.drill]}
          fetchPage={(page, pageSize) => fetchStays({ ...input, drill: drill.drill, page, pageSize })}
          exportAll={() => fetchAllStays({ ...input, drill: drill.drill })}
          exportName="stays"
          columns={stayColumns}
          rowKey={(row) => row.id}
        />
      )}
    </PopulationPage>
  );
}
