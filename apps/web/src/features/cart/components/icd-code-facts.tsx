import { WarningOutlined } from '@ant-design/icons';
import type { IcdSearchResult } from '@cairn/contracts';
import { Flex, Tag } from 'antd';
import { formatRaf } from '../utils/format';

/** Spec §3 non-billable reasons, in words. */
export const NON_BILLABLE_TEXT = {
  NonBillable: 'Not billable: pick a more specific code',
  AlreadySelected: 'Already selected',
} as const;

/** A header code (E11) cannot be billed: only a complete code can go to the cart. */
export function canBeAdded(result: IcdSearchResult): boolean {
  return result.billable && result.nonBillableReason !== 'NonBillable';
}

/** What the wizard says about a code: its HCC and RAF, the patient's age or sex edits, why it cannot be billed. */
export function IcdCodeFacts({ result }: { result: IcdSearchResult }) {
  const isNonBillable = !canBeAdded(result);
  return (
    <Flex gap={4} wrap align="center">
      {result.hcc !== null ? (
        <Tag color="purple">
          HCC {result.hcc}
          {result.hccLabel ? ` ${result.hccLabel}` : ''}
        </Tag>
      ) : (
        <Tag>No HCC</Tag>
      )}
      {result.raf !== null && <Tag>RAF {formatRaf(result.raf)}</Tag>}
      {isNonBillable && <Tag color="red">{NON_BILLABLE_TEXT.NonBillable}</Tag>}
      {result.nonBillableReason === 'AlreadySelected' && <Tag color="blue">{NON_BILLABLE_TEXT.AlreadySelected}</Tag>}
      {result.warnings.map((warning) => (
        <Tag key={warning} color="orange" icon={<WarningOutlined aria-hidden />}>
          {warning}
        </Tag>
      ))}
    </Flex>
  );
}
