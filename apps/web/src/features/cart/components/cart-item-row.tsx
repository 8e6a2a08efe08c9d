import { DeleteOutlined } from '@ant-design/icons';
import type { CartItem } from '@cairn/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import { formatIcdCode } from '../utils/format';
import type { PushState } from '../utils/push-status';
import { PushResult } from './push-result';

export interface CartItemRowProps {
  item: CartItem;
  push: PushState | undefined;
  isSending: boolean;
  isRemoving: boolean;
  /** Changed after the visit was written to the EHR (spec §3 postVisitUpdatedIcds). */
  isPostVisitChange: boolean;
  onRemove: () => void;
}

/** One diagnosis in the cart: the code, who chose it, and its write to the EHR. */
export function CartItemRow({ item, push, isSending, isRemoving, isPostVisitChange, onRemove }: CartItemRowProps) {
  const code = formatIcdCode(item.icdCode);
  return (
    <li aria-label={`${code} ${item.description}`} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Flex justify="space-between" align="start" gap={8}>
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Text>
            <Typography.Text strong>{code}</Typography.Text> {item.description}
          </Typography.Text>
          <Flex gap={4} wrap align="center">
            {item.hcc !== null && <Tag>HCC {item.hcc}</Tag>}
            {item.isAdded && <Tag color="blue">Added</Tag>}
            {item.decidedBy.role === 'coder' && <Tag color="purple">Coder&apos;s choice</Tag>}
            {isPostVisitChange && <Tag color="gold">Changed after the visit</Tag>}
            <PushResult state={push} isSending={isSending} />
          </Flex>
        </Flex>
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined aria-hidden />}
          aria-label={`Remove ${code} from the cart`}
          loading={isRemoving}
          onClick={onRemove}
        />
      </Flex>
    </li>
  );
}
