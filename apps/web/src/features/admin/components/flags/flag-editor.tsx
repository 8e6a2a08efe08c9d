import type { FlagName, StoredFlag } from '@cairn/contracts';
import { Alert, Button, Drawer, Flex, Form, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../../lib/api-error';
import { useDeleteFeatureFlag } from '../../api/delete-feature-flag';
import { useSetFeatureFlag } from '../../api/set-feature-flag';
import { FLAG_CATALOGUE, formatFlagValue } from './flag-catalogue';
import { FormValueError, toFlagInput, toFormFieldName, toFormValues, type FlagFormValues } from './flag-form';
import { FlagRulesField } from './flag-rules-field';
import { FlagValueField } from './flag-value-field';

export interface FlagEditorProps {
  flag: FlagName;
  /** The organisation's flag; none when it reads as Cairn's default. */
  stored: StoredFlag | undefined;
  cairnDefault: unknown;
  onClose: () => void;
  /** After a save or a reset, with what happened in words. */
  onDone: (outcome: string) => void;
}

interface FieldIssue {
  field: string;
  message: string;
}

/** One flag's default value, description and ordered rules, in a drawer; saved, or reset to Cairn's default. */
export function FlagEditor({ flag, stored, cairnDefault, onClose, onDone }: FlagEditorProps) {
  const [form] = Form.useForm<FlagFormValues>();
  const setFlag = useSetFeatureFlag();
  const deleteFlag = useDeleteFeatureFlag();
  const [formError, setFormError] = useState<string>();

  /** Puts each issue the server named at its field; what no field shows goes above the form. */
  function showFailure(error: unknown, what: string): void {
    const issues = isApiError(error) ? (error.details?.issues as FieldIssue[] | undefined) : undefined;
    const unplaced: string[] = [];
    for (const issue of issues ?? []) {
      const name = toFormFieldName(issue.field);
      if (name) form.setFields([{ name, errors: [issue.message] }]);
      else unplaced.push(issue.field ? `${issue.field}: ${issue.message}` : issue.message);
    }
    if (issues && unplaced.length === 0) return setFormError(undefined);
    const reason = unplaced.join('; ') || (isApiError(error) ? error.serverMessage : undefined);
    setFormError(`${what}${reason ? ` ${reason}` : ''}`);
  }

  async function save(values: FlagFormValues): Promise<void> {
    setFormError(undefined);
    try {
      await setFlag.mutateAsync(toFlagInput(flag, values));
      onDone(`${flag} is saved. Open browsers of the organisation get it now.`);
    } catch (error) {
      if (error instanceof FormValueError) form.setFields([{ name: error.field, errors: [error.message] }]);
      else showFailure(error, 'The flag could not be saved.');
    }
  }

  async function reset(): Promise<void> {
    setFormError(undefined);
    try {
      await deleteFlag.mutateAsync(flag);
      onDone(`${flag} is back to Cairn's default.`);
    } catch (error) {
      showFailure(error, 'The flag could not be reset.');
    }
  }

  return (
    <Drawer
      title={`Edit ${flag}`}
      open
      onClose={onClose}
      size="min(760px, 100vw)"
      destroyOnHidden
      footer={
        <Flex gap="small" justify="space-between" wrap>
          <Flex gap="small">
            <Button type="primary" loading={setFlag.isPending} onClick={() => form.submit()}>
              Save
            </Button>
            <Button onClick={onClose}>Cancel</Button>
          </Flex>
          {stored && (
            <Popconfirm
              title={`Reset ${flag} to Cairn's default?`}
              description="The organisation's value and rules are removed."
              okText="Reset"
              onConfirm={() => void reset()}
            >
              <Button danger loading={deleteFlag.isPending}>
                Reset to Cairn&apos;s default
              </Button>
            </Popconfirm>
          )}
        </Flex>
      }
    >
      <Typography.Paragraph>{FLAG_CATALOGUE[flag].summary}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Cairn&apos;s default: {formatFlagValue(flag, cairnDefault)}
      </Typography.Paragraph>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={toFormValues(flag, stored, cairnDefault)}
        onFinish={(values) => void save(values)}
      >
        <FlagValueField flag={flag} name={['defaultValue']} label="Default value" />
        <Form.Item name="description" label="Note for administrators">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} />
        </Form.Item>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          Targeting rules
        </Typography.Title>
        <FlagRulesField flag={flag} />
      </Form>
    </Drawer>
  );
}
