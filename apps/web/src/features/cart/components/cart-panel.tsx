import type { DxCaptureData } from '@cairn/contracts';
import { Alert, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useRecordCartChange } from '../api/record-cart-change';
import { describeApiError } from '../utils/errors';
import { findDecisionVersion } from '../utils/decisions';
import { normalizeIcdCode } from '../utils/format';
import { latestPushState } from '../utils/push-status';
import { useCartPush } from '../hooks/use-cart-push';
import type { CartProps } from '../types';
import { useEncounterStatus } from '../api/get-encounter-status';
import { AddToEncounter } from './add-to-encounter';
import { EhrLink } from './ehr-link';
import { CartItemRow } from './cart-item-row';
import { EmptyState } from '../../../components/empty-state';

/** The cart's name in the product's analytics (spec §2: "cart"). */
export const CART_ANALYTICS_NAME = 'cart';

/**
 * The visit's cart: accepted and added diagnoses. A provider writes them to the EHR encounter (Add to
 * Encounter) and sees each code's result; a coder's cart goes to the provider with the tab's "Send to
 * provider". Keyed by visit so that one visit's push results never show on another's.
 */
export function CartPanel({ sid, data, othersToSend = 0 }: CartProps & { othersToSend?: number }) {
  return <VisitCart key={sid} data={data} othersToSend={othersToSend} />;
}

/**
 * `othersToSend`: what else Add to Encounter writes with the diagnoses and is not in the EHR yet (the
 * care gaps marked as addressed at the visit, issue 19): with every code written, the button still
 * sends them (the codes again, which the server's idempotent write leaves as they are).
 */
function VisitCart({ data, othersToSend }: { data: DxCaptureData; othersToSend: number }) {
  const pushing = useCartPush(data);
  const change = useRecordCartChange(data);
  const [removingCode, setRemovingCode] = useState<string | undefined>(undefined);
  const [changeError, setChangeError] = useState<string | undefined>(undefined);
  const isProvider = data.role === 'provider';
  // Only a provider writes to the EHR: the link is theirs to see before they build the cart.
  const encounterStatus = useEncounterStatus(data.sid, isProvider);
  const canPush = encounterStatus.data?.isPushable !== false;
  const postVisitCodes = new Set(data.postVisitUpdatedIcds.map(normalizeIcdCode));

  function remove(icdCode: string) {
    if (change.isPending) return;
    setRemovingCode(icdCode);
    setChangeError(undefined);
    const expectedVersion = findDecisionVersion(data, icdCode) ?? 0;
    change.mutate([{ icdCode, action: 'reset', expectedVersion }], {
      onError: (error) => setChangeError(describeApiError(error)),
      onSettled: () => setRemovingCode(undefined),
    });
  }

  return (
    <section aria-label="Cart" data-analytics-name={CART_ANALYTICS_NAME}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Cart ({data.cart.length})
        </Typography.Title>
        {isProvider && data.cart.length > 0 && (
          <AddToEncounter
            pushing={pushing}
            canPush={canPush}
            othersToSend={othersToSend}
            cartCodes={data.cart.map((item) => item.icdCode)}
          />
        )}
      </Flex>
      {isProvider && (
        <div style={{ marginBlock: 8 }}>
          <EhrLink sid={data.sid} cart={data.cart} status={encounterStatus} />
        </div>
      )}
      {!isProvider && data.cart.length > 0 && (
        <Typography.Text type="secondary">The provider will see these as your choices</Typography.Text>
      )}
      {changeError !== undefined && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setChangeError(undefined), 'aria-label': 'Dismiss' }}
          title={changeError}
          style={{ marginTop: 8 }}
        />
      )}
      {data.cart.length === 0 ? (
        <EmptyState description="No diagnoses in the cart yet" compact />
      ) : (
        <ul aria-label="Diagnoses in the cart" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.cart.map((item) => (
            <CartItemRow
              key={item.icdCode}
              item={item}
              push={latestPushState(item, pushing.outcomes)}
              isSending={pushing.sendingCodes.has(normalizeIcdCode(item.icdCode))}
              isRemoving={removingCode === item.icdCode}
              isPostVisitChange={postVisitCodes.has(normalizeIcdCode(item.icdCode))}
              onRemove={() => remove(item.icdCode)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
