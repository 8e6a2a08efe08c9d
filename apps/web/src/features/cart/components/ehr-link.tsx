import { CheckCircleOutlined, CopyOutlined, LinkOutlined, SyncOutlined } from '@ant-design/icons';
import type { CartItem, EncounterFix, EncounterStatus } from '@cairn/contracts';
import { Alert, Button, Flex, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSyncVisitFromEhr } from '../api/get-encounter-status';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import { describeApiError } from '../utils/errors';
import { describePushFailure, formatIcdCode } from '../utils/format';

/** What the user does to let the visit take diagnoses, in words, for each fix the server names. */
const FIX_TEXT: Record<EncounterFix, string> = {
  'launch-from-ehr':
    'Open this visit from the EHR (launch Cairn from its encounter): Cairn then has the encounter and your EHR sign-in.',
  'sync-from-ehr': 'If the encounter has been started in the EHR, read the visit from the EHR again.',
  'reopen-encounter': 'Reopen the encounter in the EHR, then check again.',
  'enter-by-hand': 'Enter the codes in the EHR yourself: copy them from here.',
  'check-again': 'Check again in a moment.',
};

interface EhrLinkProps {
  sid: string;
  cart: readonly CartItem[];
  status: UseQueryResult<EncounterStatus>;
}

/**
 * The visit's link to its EHR encounter, shown on the cart from the start (issue 16 item 5): linked
 * and ready, or why diagnoses cannot be written yet with the one action that fixes it, before Add to
 * Encounter is pressed.
 */
export function EhrLink({ sid, cart, status }: EhrLinkProps) {
  if (status.isPending) {
    return (
      <Typography.Text type="secondary" role="status">
        Checking the visit&apos;s link to the EHR…
      </Typography.Text>
    );
  }
  if (status.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title="Cairn could not check the visit's link to the EHR"
        description={describeApiError(status.error)}
        action={<CheckAgainButton status={status} />}
      />
    );
  }
  const { encounterId, isPushable, reason, fix } = status.data;
  if (isPushable) {
    return (
      <Typography.Text type="success" role="status">
        <CheckCircleOutlined aria-hidden />{' '}
        {`Linked to EHR encounter ${encounterId ?? ''}${status.data.status ? ` (${status.data.status})` : ''}`}
      </Typography.Text>
    );
  }
  const fixOrDefault = fix ?? 'check-again';
  return (
    <Alert
      type="warning"
      showIcon
      icon={<LinkOutlined aria-hidden />}
      title={describePushFailure(reason)}
      description={FIX_TEXT[fixOrDefault]}
      action={<FixAction sid={sid} cart={cart} fix={fixOrDefault} status={status} />}
    />
  );
}

function CheckAgainButton({ status }: { status: UseQueryResult<EncounterStatus> }) {
  return (
    <Button size="small" loading={status.isFetching} onClick={() => void status.refetch()}>
      Check again
    </Button>
  );
}

/** The one action of a fix: read the visit again, copy the codes, or check again once done in the EHR. */
function FixAction({ sid, cart, fix, status }: EhrLinkProps & { fix: EncounterFix }) {
  const sync = useSyncVisitFromEhr(sid);
  const { isCopied, copy } = useCopyToClipboard();
  switch (fix) {
    case 'sync-from-ehr':
      return (
        <Flex vertical align="end" gap={4}>
          <Button
            size="small"
            icon={<SyncOutlined aria-hidden />}
            loading={sync.isPending}
            onClick={() => sync.mutate()}
          >
            Read the visit from the EHR
          </Button>
          {sync.isError && <Typography.Text type="danger">{describeApiError(sync.error)}</Typography.Text>}
        </Flex>
      );
    case 'enter-by-hand':
      return (
        <Button
          size="small"
          icon={<CopyOutlined aria-hidden />}
          disabled={cart.length === 0}
          onClick={() => void copy(cart.map((item) => `${formatIcdCode(item.icdCode)} ${item.description}`).join('\n'))}
        >
          {isCopied ? 'Copied' : 'Copy the codes'}
        </Button>
      );
    case 'launch-from-ehr':
    case 'reopen-encounter':
    case 'check-again':
      return <CheckAgainButton status={status} />;
  }
}
