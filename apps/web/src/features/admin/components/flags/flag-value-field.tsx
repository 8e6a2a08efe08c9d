import type { FlagName } from '@cairn/contracts';
import { Checkbox, Flex, Form, Input, Switch, Typography } from 'antd';
import type { FormFieldName } from './flag-form';
import { FLAG_CATALOGUE, TAB_OPTIONS, TAB_TITLES } from './flag-catalogue';
import type { FrontendTabKey } from '@cairn/contracts';

export interface FlagValueFieldProps {
  flag: FlagName;
  /** The field, relative to the enclosing Form.List item when inside one. */
  name: FormFieldName;
  label: string;
}

/**
 * A flag's value in the form, by its kind: a switch for an on/off flag, a checkbox per portrait tab
 * for the tab list (at least one), and JSON text for an object no other control fits.
 */
export function FlagValueField({ flag, name, label }: FlagValueFieldProps) {
  const { kind } = FLAG_CATALOGUE[flag];
  switch (kind) {
    case 'boolean':
      return (
        <Form.Item name={name} label={label} valuePropName="checked">
          <Switch checkedChildren="On" unCheckedChildren="Off" />
        </Form.Item>
      );
    case 'tabs':
      return (
        <Form.Item name={name} label={label} rules={[{ type: 'array', min: 1, message: 'Choose at least one tab' }]}>
          <TabsInput label={label} />
        </Form.Item>
      );
    case 'object':
      return (
        <Form.Item name={name} label={label} extra={'A JSON object, for example {"betaNotes": true}'}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} spellCheck={false} />
        </Form.Item>
      );
  }
}

interface TabsInputProps {
  label: string;
  /** Given by Form.Item. */
  id?: string;
  value?: FrontendTabKey[];
  onChange?: (value: FrontendTabKey[]) => void;
}

/**
 * A checkbox per portrait tab. The portrait shows the tabs in the flag's order (spec §5), so a tab
 * kept stays where it was and a tab added goes last; the order is said below the checkboxes.
 */
function TabsInput({ label, id, value = [], onChange }: TabsInputProps) {
  return (
    <Flex vertical gap={4} id={id}>
      <Checkbox.Group<FrontendTabKey>
        options={TAB_OPTIONS}
        role="group"
        aria-label={label}
        value={value}
        onChange={(checked) =>
          onChange?.([
            ...value.filter((tab) => checked.includes(tab)),
            ...checked.filter((tab) => !value.includes(tab)),
          ])
        }
      />
      {value.length > 0 && (
        <Typography.Text type="secondary">
          Shown in this order: {value.map((tab) => TAB_TITLES[tab]).join(', ')}
        </Typography.Text>
      )}
    </Flex>
  );
}
