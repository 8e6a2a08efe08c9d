import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys';
import { EhrSyncWarning, ehrSyncWarningText } from './ehr-sync-warning';

function launchLeftWarning(value: unknown) {
  sessionStorage.setItem(SESSION_STORAGE_KEYS.ehrSyncWarning, JSON.stringify(value));
}

describe('the EHR sync warning', () => {
  it('says the patient could not be refreshed, and why, until dismissed', () => {
    launchLeftWarning({ message: 'The EHR did not answer in time.' });
    render(<EhrSyncWarning />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Cairn could not refresh this patient from the EHR: The EHR did not answer in time. Showing the data Cairn already has.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/could not refresh/)).not.toBeInTheDocument();
  });

  it('is shown once: the next overlay page does not show it again', () => {
    launchLeftWarning({ message: 'Timeout' });
    const first = render(<EhrSyncWarning />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    first.unmount();
    render(<EhrSyncWarning />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing when the launch read the EHR', () => {
    render(<EhrSyncWarning />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('still warns when the server gave no reason', () => {
    expect(ehrSyncWarningText(undefined)).toBe(
      'Cairn could not refresh this patient from the EHR. Showing the data Cairn already has.',
    );
  });
});
