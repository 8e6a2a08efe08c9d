import { Button, Flex, Typography } from 'antd';
import type { CartPush } from '../hooks/use-cart-push';

export interface AddToEncounterProps {
  pushing: CartPush;
  canPush?: boolean;
  /** What else the write sends that is not in the EHR yet (care gaps marked addressed at the visit). */
  othersToSend?: number;
  /** Every code of the cart: sent again when only `othersToSend` is left to write. */
  cartCodes?: string[];
}

/**
 * The provider's write of the cart to the EHR encounter: every code not yet written, then Retry for
 * the ones that failed. The server's write is idempotent, so a retry never duplicates a diagnosis.
 * Off while the visit's encounter cannot take diagnoses (`canPush`): the cart says why and what fixes it.
 * With every code written and care gaps marked since, it sends the codes again, and the gaps with them.
 */
export function AddToEncounter({ pushing, canPush = true, othersToSend = 0, cartCodes = [] }: AddToEncounterProps) {
  const { failed, isSending, lastTally, send } = pushing;
  const sendsOthersOnly = pushing.toWrite.length === 0 && othersToSend > 0;
  const toWrite = sendsOthersOnly ? cartCodes : pushing.toWrite;
  return (
    <Flex vertical align="end" gap={4}>
      <Flex gap={8} wrap justify="end">
        {failed.length > 0 && (
          <Button disabled={isSending || !canPush} onClick={() => send(failed)}>
            Retry
          </Button>
        )}
        <Button
          type="primary"
          loading={isSending}
          disabled={isSending || toWrite.length === 0 || !canPush}
          onClick={() => send(toWrite)}
        >
          Add to Encounter
        </Button>
      </Flex>
      {lastTally !== undefined && !isSending && (
        <Typography.Text type={lastTally.failed > 0 ? 'warning' : 'success'} role="status">
          {tallyText(lastTally)}
        </Typography.Text>
      )}
      {pushing.toWrite.length === 0 && lastTally === undefined && (
        <Typography.Text type="secondary">
          {sendsOthersOnly
            ? 'Every diagnosis is on the encounter; the care gaps marked since are not'
            : 'Every diagnosis is on the encounter'}
        </Typography.Text>
      )}
    </Flex>
  );
}

function tallyText({ written, failed }: { written: number; failed: number }): string {
  const total = written + failed;
  if (failed === 0) return `${written} of ${total} written to the encounter`;
  return `${written} of ${total} written to the encounter, ${failed} failed`;
}
