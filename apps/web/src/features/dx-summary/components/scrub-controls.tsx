import { SendOutlined } from '@ant-design/icons';
import type { DxCaptureData } from '@cairn/contracts';
import { Alert, Button, Popconfirm } from 'antd';
import { formatActionTime } from '../utils/format';

/** Tells coder and provider alike that the coder's scrub reached the provider, by whom and when. */
export function ScrubBanner({ scrub }: { scrub: DxCaptureData['scrub'] }) {
  if (!scrub) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={`Scrub sent to the provider by ${scrub.sentBy} at ${formatActionTime(scrub.sentAt)}`}
    />
  );
}

/** The coder's primary action: the scrub's decisions go to the provider, after a confirmation. */
export function SendToProviderButton({ isSending, onSend }: { isSending: boolean; onSend: () => void }) {
  return (
    <Popconfirm
      title="Send to the provider?"
      description="The provider sees your decisions pre-selected and marked as yours."
      okText="Send"
      cancelText="Cancel"
      onConfirm={onSend}
    >
      <Button type="primary" icon={<SendOutlined aria-hidden />} loading={isSending}>
        Send to provider
      </Button>
    </Popconfirm>
  );
}
