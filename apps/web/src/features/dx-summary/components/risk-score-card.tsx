import type { RiskEstimate } from '@cairn/contracts';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { formatRaf, formatRafIncrement } from '../utils/format';

/** Issue 7 item 5: the visit's RAF now and if the cart is written, with what each HCC adds. */
export function RiskScoreCard({ risk }: { risk: RiskEstimate }) {
  const change = risk.ifPushed - risk.current;
  return (
    <Card size="small" title="Risk score" extra={`${risk.model.toUpperCase()}, ${String(risk.paymentYear)}`}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'current', label: 'Current RAF', children: formatRaf(risk.current) },
          {
            key: 'ifPushed',
            label: 'RAF if the cart is written',
            children: `${formatRaf(risk.ifPushed)} (${formatRafIncrement(change)})`,
          },
        ]}
      />
      {risk.increments.length > 0 && (
        <section aria-label="HCC increments">
          <Typography.Text type="secondary">Each HCC the cart adds</Typography.Text>
          {risk.increments.map((increment) => (
            <Flex key={increment.hcc} justify="space-between" gap="small">
              <Typography.Text>{`HCC ${String(increment.hcc)} ${increment.label}`}</Typography.Text>
              <Typography.Text strong>{formatRafIncrement(increment.raf)}</Typography.Text>
            </Flex>
          ))}
        </section>
      )}
      {risk.interactions.length > 0 && (
        <section aria-label="Interactions">
          <Typography.Text type="secondary">Interactions</Typography.Text>
          {risk.interactions.map((interaction) => (
            <Flex key={interaction.name} justify="space-between" gap="small">
              <Typography.Text>{interaction.name}</Typography.Text>
              <Typography.Text strong>{formatRafIncrement(interaction.raf)}</Typography.Text>
            </Flex>
          ))}
        </section>
      )}
    </Card>
  );
}
