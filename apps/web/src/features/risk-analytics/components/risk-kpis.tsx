import type { RiskDrillMeasure, RiskMeasures } from '@cairn/contracts';
import { formatCount, formatDays, KpiTiles, type KpiTile } from '../../dashboards';

export interface RiskKpisProps {
  total: RiskMeasures | undefined;
  isLoading: boolean;
  onDrill: (measure: RiskDrillMeasure) => void;
}

const of = (part: number, whole: number, noun: string): string =>
  `${formatCount(part)} of ${formatCount(whole)} ${noun}`;

/** The headline numbers, each saying what it means and opening the patients behind it. */
export function RiskKpis({ total, isLoading, onDrill }: RiskKpisProps) {
  const tiles: KpiTile[] = [
    {
      key: 'recapture',
      label: 'Recapture rate',
      value: total?.recapture.rate,
      format: 'percent',
      description:
        total &&
        `${of(total.recapture.recaptured, total.recapture.due, 'chronic HCCs of last year')} documented again this year.`,
      onDrill: () => onDrill('notRecaptured'),
      drillLabel: 'Recapture rate: show the chronic HCCs not yet documented this year',
    },
    {
      key: 'acceptance',
      label: 'Suggestion acceptance rate',
      value: total?.acceptance.rate,
      format: 'percent',
      description:
        total && `${of(total.acceptance.accepted, total.acceptance.decided, 'suggestions decided')} were accepted.`,
      onDrill: () => onDrill('decided'),
      drillLabel: 'Suggestion acceptance rate: show the suggestions decided',
    },
    {
      key: 'agreement',
      label: 'Coder-provider agreement',
      value: total?.agreement.rate,
      format: 'percent',
      description:
        total &&
        `Of ${formatCount(total.agreement.bothDecided)} codes both a coder and a provider decided, the share where they agree.`,
      onDrill: () => onDrill('disagreed'),
      drillLabel: 'Coder-provider agreement: show the codes they disagreed on',
    },
    {
      key: 'timeToDecision',
      label: 'Median days to decision',
      value: total?.timeToDecision.medianDays,
      format: 'days',
      description:
        total &&
        `From the visit to the decision; 90 % within ${formatDays(total.timeToDecision.p90Days)}. ${formatCount(total.timeToDecision.beforeVisit)} decided before the visit.`,
      onDrill: () => onDrill('decided'),
      drillLabel: 'Median days to decision: show the suggestions decided',
    },
    {
      key: 'rafNow',
      label: 'Average RAF now',
      value: total?.raf.now,
      format: 'decimal',
      description:
        total &&
        `CMS-HCC V28 risk score of this year's documented codes, over ${formatCount(total.raf.patients)} patients.`,
      onDrill: () => onDrill('raf'),
      drillLabel: 'Average RAF now: show the patients by RAF gap',
    },
    {
      key: 'rafPotential',
      label: 'Average RAF if addressed',
      value: total?.raf.potential,
      format: 'decimal',
      description: 'The same if every open suggestion were documented.',
      onDrill: () => onDrill('raf'),
      drillLabel: 'Average RAF if addressed: show the patients by RAF gap',
    },
    {
      key: 'open',
      label: 'Open suggestions',
      value: total?.openSuggestions?.count,
      format: 'count',
      description: total?.openSuggestions
        ? `Suggested by the patients' current analyses; ${formatCount(total.openSuggestions.undecided)} not yet decided this year.`
        : undefined,
      onDrill: () => onDrill('openSuggestions'),
      drillLabel: 'Open suggestions: show the patients and their next visits',
    },
    {
      key: 'pushesFailed',
      label: 'Pushes failed',
      value: total?.pushes.failed,
      format: 'count',
      description:
        total &&
        `Of ${formatCount(total.pushes.written + total.pushes.failed)} codes sent to the EHR; ${formatCount(total.pushes.written)} written.`,
      onDrill: () => onDrill('pushesFailed'),
      drillLabel: 'Pushes failed: show the codes that failed to reach the EHR',
    },
  ];
  return <KpiTiles label="Risk adjustment at a glance" tiles={tiles} isLoading={isLoading} />;
}
