import {
  SERVICE_CATEGORIES,
  type CostCounts,
  type CostDrill,
  type CostPatient,
  type CostSummary,
  type ServiceCategoryName,
} from '@cairn/contracts';
import { Col, Row, theme } from 'antd';
import { useState } from 'react';
import {
  BandBar,
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
import { fetchAllCostPatients, fetchCostPatients, useCostSummary } from '../api/population-queries';
import { apiFilters, costCodec } from '../utils/filters';
import { PopulationFilterBar } from './population-filter-bar';
import { FreshnessNote, PopulationPage } from './population-page';

type MonthRow = CostSummary['months'][number];
type CategoryRow = CostSummary['byCategory'][number];
type ClinicRow = CostSummary['byClinic'][number];
type ProviderRow = CostSummary['byProvider'][number];
type SystemRow = CostSummary['byBodySystem'][number];
type BandRow = CostSummary['riskBands'][number];

export const CATEGORY_LABELS: Record<ServiceCategoryName, string> = {
  inpatient: 'Inpatient',
  outpatient: 'Outpatient',
  emergency: 'Emergency',
  professional: 'Professional',
  pharmacy: 'Pharmacy',
  other: 'Other',
};

function costColumns<Row extends CostCounts>(): DashboardColumn<Row>[] {
  return [
    { key: 'total', title: 'Cost', value: (row) => row.total, format: 'money' },
    { key: 'pmpm', title: 'Per member per month', value: (row) => row.pmpm, format: 'money', isDrillable: false },
    {
      key: 'memberMonths',
      title: 'Member months',
      value: (row) => row.memberMonths,
      format: 'count',
      isDrillable: false,
    },
    { key: 'claims', title: 'Claims', value: (row) => row.claims, format: 'count', isDrillable: false },
  ];
}

const patientCostColumns: DashboardColumn<CostPatient>[] = [
  ...patientColumns<CostPatient>((row) => row.patient),
  { key: 'total', title: 'Cost', value: (row) => row.total, format: 'money', isDrillable: false },
  { key: 'pmpm', title: 'Per member per month', value: (row) => row.pmpm, format: 'money', isDrillable: false },
  {
    key: 'drivers',
    title: 'What drives it',
    value: (row) => driversOf(row),
  },
  { key: 'raf', title: 'RAF', value: (row) => row.raf, format: 'decimal', isDrillable: false },
  { key: 'admissions', title: 'Admissions', value: (row) => row.admissions, format: 'count', isDrillable: false },
  {
    key: 'emergencyVisits',
    title: 'Emergency visits',
    value: (row) => row.emergencyVisits,
    format: 'count',
    isDrillable: false,
  },
  { key: 'provider', title: 'Primary care provider', value: (row) => row.providerName ?? 'None' },
  ...SERVICE_CATEGORIES.map((category): DashboardColumn<CostPatient> => ({
    key: `category-${category}`,
    title: `${CATEGORY_LABELS[category]} cost`,
    value: (row) => row.byCategory[category],
    format: 'money',
    isExportOnly: true,
  })),
];

/** "Inpatient 72%, Circulatory system 64%": the largest category and the body system behind most of the cost. */
function driversOf(row: CostPatient): string {
  const allowed = SERVICE_CATEGORIES.reduce((sum, category) => sum + row.byCategory[category], 0);
  const [top] = [...SERVICE_CATEGORIES].sort((left, right) => row.byCategory[right] - row.byCategory[left]);
  const parts: string[] = [];
  if (top && allowed > 0)
    parts.push(`${CATEGORY_LABELS[top]} ${String(Math.round((row.byCategory[top] / allowed) * 100))}%`);
  if (row.topBodySystem)
    parts.push(`${shortSystem(row.topBodySystem.name)} ${String(Math.round(row.topBodySystem.share * 100))}%`);
  return parts.join(', ');
}

/** "Diseases of the circulatory system" reads "Circulatory system" in a narrow column. */
function shortSystem(name: string): string {
  const short = name.replace(/^Diseases of the /, '').replace(/^Certain /, '');
  return short.charAt(0).toUpperCase() + short.slice(1);
}

interface Drill {
  title: string;
  drill: CostDrill;
}

/**
 * /pop-health-cost: total and per-member-per-month cost from claims by month, service category, clinic,
 * provider and condition group; the highest-cost patients and what drives their cost; and cost against
 * risk, so that outliers show. Every number opens its patients.
 */
export function CostDashboard() {
  const { token } = theme.useToken();
  const { filters, setFilters } = useUrlFilters(costCodec);
  const input = { filters: { ...apiFilters(filters), amount: filters.amount } };
  const summary = useCostSummary(input);
  const [drill, setDrill] = useState<Drill>();
  const data = summary.data;
  const open = (title: string, costDrill: CostDrill) => setDrill({ title, drill: costDrill });
  const isLoading = summary.isPending;
  const isError = summary.isError;
  const retry = () => void summary.refetch();
  const amountWord = filters.amount === 'paid' ? 'paid' : 'allowed';
  const overallPmpm = data?.totals.pmpm ?? undefined;

  return (
    <PopulationPage
      current="cost"
      title="Cost"
      description={`What your patients' care cost, from their claims: the ${amountWord} amounts, per member per month, and where it goes.`}
      filters={
        <>
          <PopulationFilterBar
            value={{ ...filters, period: filters.period ?? 'L12' }}
            onChange={(change) => setFilters(change)}
            periods={data?.freshness.periods}
            hasAmount
          />
          <FreshnessNote freshness={data?.freshness} />
        </>
      }
    >
      <Row gutter={[token.margin, token.margin]}>
        <Col span={24}>
          <KpiTiles
            label="Cost at a glance"
            isLoading={isLoading}
            tiles={[
              {
                key: 'total',
                label: filters.amount === 'paid' ? 'Total paid' : 'Total allowed',
                value: data?.totals.total,
                format: 'money',
                description: `${String(data?.totals.claims ?? 0)} claims in the period.`,
                onDrill: () => open('Patients by cost', {}),
                drillLabel: 'Show the patients by cost',
              },
              {
                key: 'pmpm',
                label: 'Per member per month',
                value: data?.totals.pmpm,
                format: 'money',
                description: 'The cost divided by the member months of the period.',
              },
              { key: 'memberMonths', label: 'Member months', value: data?.totals.memberMonths, format: 'count' },
              {
                key: 'patientsWithCost',
                label: 'Patients with a cost',
                value: data?.totals.patientsWithCost,
                format: 'count',
                onDrill: () => open('Patients by cost', {}),
                drillLabel: 'Show the patients with a cost',
              },
            ]}
          />
        </Col>
        <Col span={24}>
          <ChartPanel<MonthRow>
            title="Cost by month"
            description="Each month's cost by service category (bars) and per member per month (line)."
            rows={data?.months}
            isLoading={isLoading}
            isError={isError}
            onRetry={retry}
            rowKey={(row) => row.month}
            exportName="cost-by-month"
            columns={[
              { key: 'month', title: 'Month', value: (row) => row.month, format: (row) => formatMonth(row.month) },
              ...costColumns<MonthRow>(),
              ...SERVICE_CATEGORIES.map((category): DashboardColumn<MonthRow> => ({
                key: category,
                title: CATEGORY_LABELS[category],
                value: (row) => row.byCategory[category],
                format: 'money',
              })),
            ]}
            onDrill={(row, column) => {
              const category = SERVICE_CATEGORIES.find((name) => name === column);
              open(
                `${category ? `${CATEGORY_LABELS[category]} cost` : 'Cost'}, ${formatMonth(row.month)}`,
                category ? { month: row.month, serviceCategory: category } : { month: row.month },
              );
            }}
            chart={(rows) => (
              <TrendChart<MonthRow>
                title="Cost by month"
                data={rows}
                month={(row) => row.month}
                leftFormat="money"
                rightFormat="money"
                series={[
                  ...SERVICE_CATEGORIES.filter((category) => rows.some((row) => row.byCategory[category] > 0)).map(
                    (category) => ({
                      key: category,
                      label: CATEGORY_LABELS[category],
                      value: (row: MonthRow) => row.byCategory[category],
                      kind: 'bar' as const,
                    }),
                  ),
                  { key: 'pmpm', label: 'Per member per month', value: (row) => row.pmpm, kind: 'line', axis: 'right' },
                ]}
              />
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartPanel<CategoryRow>
            title="By service category"
            description="Inpatient and outpatient facilities, emergency departments, professional services and pharmacy."
            rows={data?.byCategory}
            isLoading={isLoading}
            isError={isError}
            onRetry={retry}
            rowKey={(row) => row.category}
            exportName="cost-by-category"
            columns={[
              { key: 'category', title: 'Service category', value: (row) => CATEGORY_LABELS[row.category] },
              ...costColumns<CategoryRow>(),
            ]}
            onDrill={(row) => open(`${CATEGORY_LABELS[row.category]} cost`, { serviceCategory: row.category })}
            chart={(rows) => (
              <BreakdownBar<CategoryRow>
                title="Cost by service category"
                data={rows}
                category={(row) => CATEGORY_LABELS[row.category]}
                value={(row) => row.pmpm}
                valueLabel="Per member per month"
                format="money"
                onSelect={(row) => open(`${CATEGORY_LABELS[row.category]} cost`, { serviceCategory: row.category })}
              />
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartPanel<SystemRow>
            title="By condition group"
            description="By the body system (AHRQ CCSR) of each claim's principal diagnosis."
            rows={data?.byBodySystem}
            isLoading={isLoading}
            isError={isError}
            onRetry={retry}
            rowKey={(row) => row.code}
            exportName="cost-by-condition-group"
            columns={[{ key: 'name', title: 'Condition group', value: (row) => row.name }, ...costColumns<SystemRow>()]}
            onDrill={(row) => open(`Cost: ${row.name}`, { bodySystem: row.code })}
            chart={(rows) => (
              <BreakdownBar<SystemRow>
                title="Cost by condition group"
                data={rows}
                category={(row) => shortSystem(row.name)}
                value={(row) => row.total}
                valueLabel="Cost"
                format="money"
                onSelect={(row) => open(`Cost: ${row.name}`, { bodySystem: row.code })}
              />
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartPanel<BandRow>
            title="Cost against risk"
            description="Per member per month by RAF band (V28, diagnoses documented this year). Outliers cost over three times the organisation's average for their band."
            rows={data?.riskBands}
            isLoading={isLoading}
            isError={isError}
            onRetry={retry}
            rowKey={(row) => row.band}
            exportName="cost-by-risk-band"
            columns={[
              { key: 'label', title: 'RAF band', value: (row) => row.label },
              { key: 'patients', title: 'Patients', value: (row) => row.patients, format: 'count' },
              ...costColumns<BandRow>().filter((column) => column.key !== 'claims'),
              { key: 'outliers', title: 'Outliers', value: (row) => row.outliers, format: 'count' },
            ]}
            onDrill={(row, column) =>
              open(column === 'outliers' ? `Outliers, RAF ${row.label}` : `Patients, RAF ${row.label}`, {
                riskBand: row.band,
                ...(column === 'outliers' ? { isOutlier: true } : {}),
              })
            }
            chart={(rows) => (
              <BandBar<BandRow>
                title="Cost per member per month by RAF band"
                data={rows}
                band={(row) => row.label}
                bandLabel="RAF band"
                value={(row) => row.pmpm}
                valueLabel="Per member per month"
                format="money"
                reference={overallPmpm === undefined ? undefined : { value: overallPmpm, label: 'All patients' }}
                onSelect={(row) => open(`Patients, RAF ${row.label}`, { riskBand: row.band })}
              />
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartPanel<ClinicRow>
            title="By clinic"
            rows={data?.byClinic}
            isLoading={isLoading}
            isError={isError}
            onRetry={retry}
            defaultView="table"
            rowKey={(row) => row.clinic?.id ?? 'none'}
            exportName="cost-by-clinic"
            columns={[
              { key: 'clinic', title: 'Clinic', value: (row) => row.clinic?.name ?? 'No primary care provider' },
              ...costColumns<ClinicRow>(),
            ]}
            onDrill={(row) =>
              open(`Cost: ${row.clinic?.name ?? 'no primary care provider'}`, { clinicId: row.clinic?.id ?? null })
            }
            chart={(rows) => (
              <BreakdownBar<ClinicRow>
                title="Per member per month by clinic"
                data={rows}
                category={(row) => row.clinic?.name ?? 'No primary care provider'}
                value={(row) => row.pmpm}
                valueLabel="Per member per month"
                format="money"
                onSelect={(row) =>
                  open(`Cost: ${row.clinic?.name ?? 'no primary care provider'}`, { clinicId: row.clinic?.id ?? null })
                }
              />
            )}
          />
        </Col>
        <Col span={24}>
          <ChartPanel<CostPatient>
            title="Highest-cost patients"
            description="The ten patients whose care cost the most in the period, and what drives it."
            rows={data?.topPatients}
            isLoading={isLoading}
            isError={isError}
            onRetry={retry}
            rowKey={(row) => row.patient.cairnPatientId}
            exportName="highest-cost-patients"
            columns={patientCostColumns}
          />
        </Col>
        <Col span={24}>
          <ChartPanel<ProviderRow>
            title="By primary care provider"
            rows={data?.byProvider}
            isLoading={isLoading}
            isError={isError}
            onRetry={retry}
            rowKey={(row) => row.provider?.id ?? 'none'}
            exportName="cost-by-provider"
            columns={[
              { key: 'provider', title: 'Provider', value: (row) => row.provider?.name ?? 'No primary care provider' },
              { key: 'clinic', title: 'Clinic', value: (row) => row.clinicName ?? '' },
              ...costColumns<ProviderRow>(),
            ]}
            onDrill={(row) =>
              open(`Cost: ${row.provider?.name ?? 'no primary care provider'}`, {
                providerId: row.provider?.id ?? null,
              })
            }
          />
        </Col>
      </Row>
      {drill && (
        <PatientDrilldown<CostPatient>
          open
          title={drill.title}
          onClose={() => setDrill(undefined)}
          queryKey={['population', 'cost-patients', input, drill.drill]}
          fetchPage={(page, pageSize) => fetchCostPatients({ ...input, drill: drill.drill, page, pageSize })}
          exportAll={() => fetchAllCostPatients({ ...input, drill: drill.drill })}
          exportName="cost-patients"
          columns={patientCostColumns}
          rowKey={(row) => row.patient.cairnPatientId}
        />
      )}
    </PopulationPage>
  );
}
