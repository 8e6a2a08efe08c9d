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

  it('lists its facts as a description list: each group one term and its definition', () => {
    const { container } = render(<PatientBanner patient={patient} />);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Age:',
      'Sex:',
      'DOB:',
      'MRN:',
      'Coverage:',
      'Primary provider:',
      'Risk score:',
    ]);
    expect(screen.getAllByRole('definition')).toHaveLength(7);
    // HTML (and axe's definition-list rule) allows only <div> groups of <dt> and <dd> in a <dl>.
    const groups = [...(container.querySelector('dl')?.children ?? [])];
    for (const group of groups) {
      expect([group.tagName, ...[...group.children].map((child) => child.tagName)]).toEqual(['DIV', 'DT', 'DD']);
    }
  });

  it('names the visit beside the patient, on the line of the name', () => {
    const visit = {
      sid: '22222222-2222-4222-8222-222222222222',
      nid: null,
      startAt: '2026-11-25T08:00:00Z',
      endAt: null,
      serviceDate: '2026-11-25',
      status: 'booked',
      visitType: 'New problem',
      reason: null,
      providerId: null,
      providerName: 'Maya Rivera',
      departmentName: null,
      clinicName: null,
      encounterId: null,
    };
    render(<PatientBanner patient={patient} visit={visit} />);
    const name = screen.getByRole('heading', { name: 'Grace Hopper' });
    expect(name.parentElement).toHaveTextContent('Visit: 11/25/2026 08:00 AM · New problem · Maya Rivera');
  });
});
