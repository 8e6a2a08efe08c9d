import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FlagName } from '@cairn/contracts';
import { Button, Flex, Form, Input, Space, theme, Typography } from 'antd';
import { useId } from 'react';
import { FlagClausesField } from './flag-clauses-field';
import type { RuleFormValues } from './flag-form';
import { FlagValueField } from './flag-value-field';

/**
 * The flag's ordered targeting rules: the first rule whose conditions all hold gives the value, so
 * each rule can be moved up or down as well as added and removed.
 */
export function FlagRulesField({ flag }: { flag: FlagName }) {
  const form = Form.useFormInstance();
  const newRule = (): RuleFormValues => ({
    clauses: [{ attribute: 'view', operator: 'in', values: [] }],
    value: form.getFieldValue('defaultValue') as unknown,
  });
  return (
    <Form.List name="rules">
      {(fields, { add, remove, move }) => (
        <Flex vertical gap="middle">
          {fields.length === 0 && (
            <Typography.Text type="secondary">No targeting rules: every user gets the default value.</Typography.Text>
          )}
          {fields.map((field, index) => (
            <RuleFields
              key={field.key}
              flag={flag}
              name={field.name}
              position={index + 1}
              count={fields.length}
              onMove={(offset) => move(index, index + offset)}
              onRemove={() => remove(index)}
            />
          ))}
          <div>
            <Button icon={<PlusOutlined />} onClick={() => add(newRule())}>
              Add rule
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

interface RuleFieldsProps {
  flag: FlagName;
  name: number;
  /** The rule's place, from 1. */
  position: number;
  count: number;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}

function RuleFields({ flag, name, position, count, onMove, onRemove }: RuleFieldsProps) {
  const { token } = theme.useToken();
  const ruleName = `Rule ${String(position)}`;
  const titleId = useId();
  return (
    <fieldset
      aria-labelledby={titleId}
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingSM,
        margin: 0,
      }}
    >
      <Flex justify="space-between" align="center">
        <Typography.Text strong id={titleId}>
          {ruleName}
        </Typography.Text>
        <Space size="small">
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`Move rule ${String(position)} up`}
            disabled={position === 1}
            onClick={() => onMove(-1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`Move rule ${String(position)} down`}
            disabled={position === count}
            onClick={() => onMove(1)}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Remove rule ${String(position)}`}
            onClick={onRemove}
          />
        </Space>
      </Flex>
      <Form.Item name={[name, 'description']} label="Description">
        <Input maxLength={200} placeholder="Who this rule is for" />
      </Form.Item>
      <FlagClausesField ruleName={name} position={position} />
      <FlagValueField flag={flag} name={[name, 'value']} label="Value for users who match" />
    </fieldset>
  );
}
