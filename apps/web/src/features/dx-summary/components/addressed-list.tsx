import type { DxCaptureData } from '@cairn/contracts';
import { Collapse, Flex, Tag, Typography } from 'antd';
import { formatDate } from '../../../lib/dates';
import { formatIcdCode } from '../../../lib/clinical-format';

/** The diagnoses already coded this year, folded away: they are not suggested again. */
export function AddressedList({ addressed }: { addressed: DxCaptureData['addressed'] }) {
  if (addressed.length === 0) return null;
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'addressed',
          label: `Already addressed this year (${String(addressed.length)})`,
          children: (
            <ul aria-label="Already addressed this year" style={{ margin: 0, paddingInlineStart: 18 }}>
              {addressed.map((dx) => (
                <li key={dx.icdCode}>
                  <Flex gap={6} align="baseline" wrap>
                    <Typography.Text strong>{formatIcdCode(dx.icdCode)}</Typography.Text>
                    <Typography.Text>{dx.description}</Typography.Text>
                    {dx.hcc !== null && <Tag>{`HCC ${String(dx.hcc)}`}</Tag>}
                    <Typography.Text type="secondary">
                      {`${formatDate(dx.lastCodedOn, 'date')}, ${dx.source}`}
                    </Typography.Text>
                  </Flex>
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
