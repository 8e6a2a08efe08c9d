import { SyncOutlined } from '@ant-design/icons';
import { syncEhrPatient } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { readJson, SESSION_STORAGE_KEYS } from '../../../lib/storage-keys';

/**
 * Whether the EHR launch that opened this visit left its patient to be read from the EHR: answered
 * once (and forgotten), so that only the first overlay page showing the visit reads it.
 */
export function takeEhrReadDue(sid: string, storage: Storage = sessionStorage): boolean {
  const due = readJson<{ sid?: string }>(storage, SESSION_STORAGE_KEYS.ehrReadDue);
  if (due?.sid !== sid) return false;
  storage.removeItem(SESSION_STORAGE_KEYS.ehrReadDue);
  return true;
}

/**
 * Inside the EHR: reads the visit's patient from the EHR again (syncEhrPatient) and refreshes what the
 * overlay shows. When the EHR fails, Cairn keeps what it had and says why. After an EHR launch it reads
 * once by itself as soon as it shows, that is once the portrait's banner is on screen (issue 16: the
 * launch itself reads nothing, so the portrait never waits for the EHR).
 */
export function RefreshFromEhrButton({ sid }: { sid: string }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const refresh = useMutation({
    mutationFn: async (_reason: 'asked' | 'launch') => (await api.call(syncEhrPatient, { sid })).result,
    onSuccess: async (_result, reason) => {
      await queryClient.invalidateQueries();
      if (reason === 'asked') void message.success('Updated from the EHR');
    },
    onError: (error) => {
      const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'The EHR could not be read';
      void message.error(`${reason}. Showing the data Cairn already has.`);
    },
  });
  const { mutate } = refresh;
  useEffect(() => {
    if (takeEhrReadDue(sid)) mutate('launch');
  }, [sid, mutate]);
  return (
    <Tooltip title="Read this patient from the EHR again">
      <Button
        icon={<SyncOutlined spin={refresh.isPending} />}
        aria-label="Refresh from the EHR"
        disabled={refresh.isPending}
        onClick={() => refresh.mutate('asked')}
      />
    </Tooltip>
  );
}
