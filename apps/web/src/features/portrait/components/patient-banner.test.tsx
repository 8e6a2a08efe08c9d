import type { PatientDemographics } from '@cairn/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatRiskScore, PatientBanner } from './patient-banner';

const patient: PatientDemographics = {
  cairnPatientId: '11111111-1111-4111-8111-111111111111',
  firstName: 'Grace',
  lastName: 'Hopper',
  age: 85,
  isDeceased: true,
  deceasedDate: '1992-01-01',
  gender: 'unknown',
  dateOfBirth: '1906-12-09',
  mrn: null,
  coverages: [],
  primaryProviderName: null,
  riskScore: { status: 'current', current: 0.8766, potential: 1 },
  counts: null,
  recentVisits: [],
  upcomingVisits: [],
};

describe('the patient banner', () => {
  it('rounds the risk score to three decimals, or says Pending', () => {
    expect(formatRiskScore({ status: 'current', current: 0.8766, potential: 1 })).toBe('0.877');
    expect(formatRiskScore({ status: 'current', current: 2, potential: 2 })).toBe('2.000');
    expect(formatRiskScore({ status: 'pending' })).toBe('Pending');
  });

  it('marks a deceased patient and says what is missing', () => {
    render(<PatientBanner patient={patient} />);
    expect(screen.getByText('Deceased')).toBeInTheDocument();
    expect(screen.getByText('12/09/1906')).toBeInTheDocument();
    expect(screen.getByText('No active coverage')).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(screen.getByText('0.877')).toBeInTheDocument();
  });
});
