import { Alert } from 'antd';
import { useState } from 'react';
import { SESSION_STORAGE_KEYS, readJson } from '../../../lib/storage-keys';

/**
 * The warning an EHR launch leaves when Cairn could not read the patient from the EHR (the launch
 * goes on with the data Cairn has). Read and forgotten at once: shown once, by the first overlay page.
 */
export function takeEhrSyncWarning(storage: Storage = sessionStorage): string | undefined {
  const stored = storage.getItem(SESSION_STORAGE_KEYS.ehrSyncWarning);
  if (stored === null) return undefined;
  const { message } = readJson<{ message?: string }>(storage, SESSION_STORAGE_KEYS.ehrSyncWarning) ?? {};
  storage.removeItem(SESSION_STORAGE_KEYS.ehrSyncWarning);
  return ehrSyncWarningText(typeof message === 'string' ? message : undefined);
}

export function ehrSyncWarningText(message: string | undefined): string {
  const why = message?.trim().replace(/\.+$/, '');
  return `Cairn could not refresh this patient from the EHR${why ? `: ${why}` : ''}. Showing the data Cairn already has.`;
}

/** A dismissible banner above the overlay's page, when the launch left a warning. */
export function EhrSyncWarning() {
  const [warning, setWarning] = useState(takeEhrSyncWarning);
  if (!warning) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      closable={{ 'aria-label': 'Dismiss', onClose: () => setWarning(undefined) }}
      title={warning}
    />
  );
}
