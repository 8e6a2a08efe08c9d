import type { AppointmentDetails, PatientDemographics } from '@cairn/contracts';
import { Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatRaf } from '../../../lib/clinical-format';
import { formatDate } from '../../../lib/dates';

export interface PatientBannerProps {
  patient: PatientDemographics;
  /** The visit the portrait is opened for, when there is one. */
  visit?: AppointmentDetails['appointment'] | undefined;
  /** Buttons of other features (summary notes, notifications), composed by the page. */
  actions?: ReactNode;
  /** Previous and next patient. */
  navigation?: ReactNode;
}

const SEX_LABELS: Record<string, string> = { male: 'Male', female: 'Female', other: 'Other', unknown: 'Unknown' };

export function formatRiskScore(riskScore: PatientDemographics['riskScore']): string {
  return riskScore.status === 'current' ? formatRaf(riskScore.current) : 'Pending';
}

function formatCoverage(coverages: PatientDemographics['coverages']): string {
  if (coverages.length === 0) return 'No active coverage';
  return coverages
    .map((coverage) => (coverage.plan ? `${coverage.payer} (${coverage.plan})` : coverage.payer))
    .join(', ');
}

/** The portrait's banner: who the patient is, their coverage and current risk score, and the visit. */
export function PatientBanner({ patient, visit, actions, navigation }: PatientBannerProps) {
  const name = [patient.firstName, patient.lastName].filter(Boolean).join(' ');
  const items = [
    { key: 'age', label: 'Age', children: `${patient.age}` },
    { key: 'sex', label: 'Sex', children: SEX_LABELS[patient.gender] ?? patient.gender },
    { key: 'dob', label: 'DOB', children: formatDate(patient.dateOfBirth, 'date') },
    { key: 'mrn', label: 'MRN', children: patient.mrn ?? '—' },
    { key: 'coverage', label: 'Coverage', children: formatCoverage(patient.coverages) },
    { key: 'provider', label: 'Primary provider', children: patient.primaryProviderName ?? '—' },
    { key: 'risk', label: 'Risk score', children: formatRiskScore(patient.riskScore) },
  ];
  const visitText = visit
    ? [`${formatDate(visit.startAt, 'date')} ${formatDate(visit.startAt, 'time')}`, visit.visitType, visit.providerName]
        .filter(Boolean)
        .join(' · ')
    : undefined;
  return (
    <Card size="small" role="region" aria-label="Patient banner" data-testid="patient-banner">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {name}
          </Typography.Title>
          {patient.isDeceased && <Tag color="default">Deceased</Tag>}
          {/* The visit beside the name: one line fewer above the tab (issue 16 item 1). */}
          {visitText && <Typography.Text type="secondary">{`Visit: ${visitText}`}</Typography.Text>}
        </Flex>
        <Flex align="center" gap={8} wrap>
          {actions}
          {navigation}
        </Flex>
      </Flex>
      {/* Each fact stays on one line; the facts wrap as a whole when the banner is narrow (an EHR panel). */}
      <dl style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 24px', margin: '8px 0 0' }}>
        {items.map((item) => (
          <div key={item.key} style={{ display: 'flex', gap: 4, whiteSpace: 'nowrap' }}>
            <dt>
              <Typography.Text type="secondary">{item.label}:</Typography.Text>
            </dt>
            <dd style={{ margin: 0 }}>{item.children}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
