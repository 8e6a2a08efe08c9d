import type { RiskEstimate } from '@cairn/contracts';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { formatRaf, formatRafChange, formatRafTerm, rafTermsToShow } from '../../../lib/clinical-format';

/**
 * Issue 7 item 5: the visit's RAF now and if the cart is written, with what each HCC adds and the
 * interaction and count terms it brings in, named in CMS's words (a term that adds nothing is not shown).
 */
export function RiskScoreCard({ risk }: { risk: RiskEstimate }) {
  const change = risk.ifPushed - risk.current;
  const interactions = rafTermsToShow(risk.interactions);
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
            children: `${formatRaf(risk.ifPushed)} (${formatRafChange(change)})`,
          },
        ]}
      />
      {risk.increments.length > 0 && (
        <section aria-label="HCC increments">
          <Typography.Text type="secondary">Each HCC the cart adds</Typography.Text>
          {risk.increments.map((increment) => (
            <Flex key={increment.hcc} justify="space-between" gap="small">
              <Typography.Text>{`HCC ${String(increment.hcc)} ${increment.label}`}</Typography.Text>
              <Typography.Text strong>{formatRafChange(increment.raf)}</Typography.Text>
            </Flex>
          ))}
        </section>
      )}
      {interactions.length > 0 && (
        <section aria-label="Interactions">
          <Typography.Text type="secondary">Interactions</Typography.Text>
          {interactions.map((interaction) => (
            <Flex key={interaction.name} justify="space-between" gap="small">
              <Typography.Text>{formatRafTerm(interaction)}</Typography.Text>
              <Typography.Text strong>{formatRafChange(interaction.raf)}</Typography.Text>
            </Flex>
          ))}
        </section>
      )}
    </Card>
  );
}
