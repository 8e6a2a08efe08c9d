import { SyncOutlined } from '@ant-design/icons';
import { syncEhrPatient } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip } from 'antd';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';

/**
 * Inside the EHR: reads the visit's patient from the EHR again (syncEhrPatient) and refreshes what the
 * overlay shows. When the EHR fails, Cairn keeps what it had and says why.
 */
export function RefreshFromEhrButton({ sid }: { sid: string }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const refresh = useMutation({
    mutationFn: async () => (await api.call(syncEhrPatient, { sid })).result,
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      void message.success('Updated from the EHR');
    },
    onError: (error) => {
      const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'The EHR could not be read';
      void message.error(`${reason}. Showing the data Cairn already has.`);
    },
  });
  return (
    <Tooltip title="Read this patient from the EHR again">
      <Button
        icon={<SyncOutlined spin={refresh.isPending} aria-hidden />}
        aria-label="Refresh from the EHR"
        disabled={refresh.isPending}
        onClick={() => refresh.mutate()}
      />
    </Tooltip>
  );
}
