import type { ScheduleSummary } from '@cairn/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScheduleTable } from './schedule-table';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';

const VISIT: ScheduleSummary = {
  sid: '00000000-0000-4000-8000-000000000001',
  cairnPatientId: '10000000-0000-4000-8000-000000000001',
  cairnAppointmentId: '00000000-0000-4000-8000-000000000001',
  startAt: '2026-11-25T08:15:00.000Z',
  patientName: 'Lovelace, Ada',
  dateOfBirth: '1950-12-10',
  gender: 'female',
  mrn: 'MRN1',
  visitType: 'Follow-up',
  status: 'booked',
  providerId: null,
  providerName: 'Maya Rivera, MD',
  departmentName: null,
  clinicName: null,
  analysis: { status: 'current', openSuggestions: 3, hccCount: 2, openCareGaps: 1 },
};

describe('ScheduleTable', () => {
  it('says a visit is about to be opened when a pointer rests on its row or its link takes the focus', async () => {
    const onVisitIntent = vi.fn();
    renderWithProviders(
      <ScheduleTable
        summaries={[VISIT]}
        page={1}
        onPageChange={vi.fn()}
        isRefreshing={false}
        onVisitIntent={onVisitIntent}
      />,
    );
    const user = fastUser();
    const link = await screen.findByRole('link', { name: 'Lovelace, Ada' });
    await user.hover(link);
    await waitFor(() => expect(onVisitIntent).toHaveBeenCalledWith(VISIT));
    onVisitIntent.mockClear();
    await user.unhover(link);
    link.focus();
    expect(onVisitIntent).toHaveBeenCalledWith(VISIT);
  });
});
