import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FLAG_CLAUSE_OPERATORS, PERMISSIONS, VIEWS, type FlagClauseOperator } from '@cairn/contracts';
import { AutoComplete, Button, Flex, Form, Select, Typography } from 'antd';
import { FLAG_USER_ATTRIBUTES } from './flag-catalogue';

const OPERATOR_LABELS: Record<FlagClauseOperator, string> = {
  in: 'is one of',
  notIn: 'is not one of',
  contains: 'contains any of',
  startsWith: 'starts with',
  endsWith: 'ends with',
};
const OPERATOR_OPTIONS = FLAG_CLAUSE_OPERATORS.map((operator) => ({
  value: operator,
  label: OPERATOR_LABELS[operator],
}));
const ATTRIBUTE_OPTIONS = FLAG_USER_ATTRIBUTES.map((attribute) => ({ value: attribute }));

/** The values an attribute is known to take, offered as the condition's values (others may be typed). */
const KNOWN_VALUES: Partial<Record<string, readonly string[]>> = {
  view: VIEWS,
  permissions: PERMISSIONS,
  isAdmin: ['true', 'false'],
  isMultipleProviders: ['true', 'false'],
};

/** A rule's conditions: attribute, operator and values each; the rule matches when all of them hold. */
export function FlagClausesField({ ruleName, position }: { ruleName: number; position: number }) {
  return (
    <Form.List name={[ruleName, 'clauses']}>
      {(fields, { add, remove }) => (
        <Flex vertical gap="small" style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">Users match when every condition holds.</Typography.Text>
          {fields.map((field, index) => {
            const label = `condition ${String(index + 1)} of rule ${String(position)}`;
            return (
              <div
                role="group"
                aria-label={`Condition ${String(index + 1)} of rule ${String(position)}`}
                key={field.key}
              >
                <Flex gap="small" wrap align="flex-start">
                  <Form.Item
                    name={[field.name, 'attribute']}
                    label="Attribute"
                    rules={[{ required: true, message: 'Required' }]}
                    style={{ minWidth: 160 }}
                  >
                    <AutoComplete options={ATTRIBUTE_OPTIONS} aria-label={`Attribute of ${label}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'operator']} label="Operator" style={{ minWidth: 150 }}>
                    <Select options={OPERATOR_OPTIONS} aria-label={`Operator of ${label}`} />
                  </Form.Item>
                  <ClauseValues ruleName={ruleName} clauseName={field.name} label={`Values of ${label}`} />
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={`Remove ${label}`}
                    disabled={fields.length === 1}
                    onClick={() => remove(index)}
                    style={{ marginTop: 30 }}
                  />
                </Flex>
              </div>
            );
          })}
          <div>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => add({ attribute: '', operator: 'in', values: [] })}
            >
              Add condition
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

function ClauseValues({ ruleName, clauseName, label }: { ruleName: number; clauseName: number; label: string }) {
  const attribute = Form.useWatch(['rules', ruleName, 'clauses', clauseName, 'attribute']) as string | undefined;
  const known = KNOWN_VALUES[attribute ?? ''] ?? [];
  return (
    <Form.Item
      name={[clauseName, 'values']}
      label="Values"
      rules={[{ type: 'array', min: 1, message: 'Enter at least one value' }]}
      style={{ flex: '1 1 220px' }}
    >
      <Select
        mode="tags"
        tokenSeparators={[',']}
        options={known.map((value) => ({ value }))}
        aria-label={label}
        placeholder="Type a value and press Enter"
      />
    </Form.Item>
  );
}
