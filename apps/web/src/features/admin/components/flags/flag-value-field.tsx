import type { FlagName } from '@cairn/contracts';
import { Checkbox, Form, Input, Switch } from 'antd';
import type { FormFieldName } from './flag-form';
import { FLAG_CATALOGUE, TAB_OPTIONS } from './flag-catalogue';

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
          <Checkbox.Group options={TAB_OPTIONS} role="group" aria-label={label} />
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
