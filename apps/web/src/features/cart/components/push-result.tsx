import { Tag, Typography } from 'antd';
import { describePushFailure } from '../utils/format';
import type { PushState } from '../utils/push-status';

/** One code's write to the EHR encounter: Written, Sending, or Failed with the reason in words. */
export function PushResult({ state, isSending }: { state: PushState | undefined; isSending: boolean }) {
  if (isSending) return <Tag color="processing">Sending</Tag>;
  if (!state) return null;
  switch (state.status) {
    case 'written':
      return <Tag color="success">Written</Tag>;
    case 'pending':
      return <Tag color="processing">Sending</Tag>;
    case 'failed':
      return (
        <>
          <Tag color="error">Failed</Tag>
          <Typography.Text type="danger">{describePushFailure(state.reason)}</Typography.Text>
        </>
      );
  }
}
