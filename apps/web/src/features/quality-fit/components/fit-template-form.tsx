import {
  FIT_LANGUAGES,
  FIT_LETTER_BODY_MAX,
  FIT_MERGE_FIELDS,
  fitLetterBodyProblems,
  type FieldIssue,
  type FitTemplate,
  type FitTemplateInput,
} from '@cairn/contracts';
import { Alert, Button, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useSaveFitTemplate } from '../api/save-fit-template';
import { FitLetterPreview } from './fit-letter-preview';

const NEW_TEMPLATE: FitTemplateInput = {
  name: '',
  language: 'en',
  body: 'Dear {{patient.firstName}} {{patient.lastName}},\n\n',
  returnByDays: 21,
};

export interface FitTemplateFormProps {
  /** The template to change; a new one when absent. */
  template?: FitTemplate;
  onSaved: (template: FitTemplate) => void;
}

/**
 * A letter template: name, language, days to send the kit back, and the body with merge fields (each
 * one insertable at the cursor; one Cairn does not know is named before saving). The preview merges a
 * sample patient or one chosen.
 */
export function FitTemplateForm({ template, onSaved }: FitTemplateFormProps) {
  const [form] = Form.useForm<FitTemplateInput>();
  const save = useSaveFitTemplate();
  const [formError, setFormError] = useState<string>();
  const bodyRef = useRef<TextAreaRef>(null);
  const draft = Form.useWatch([], form) as FitTemplateInput | undefined;
  const initial = template
    ? { name: template.name, language: template.language, body: template.body, returnByDays: template.returnByDays }
    : NEW_TEMPLATE;

  const insertField = (name: string) => {
    const area = bodyRef.current?.resizableTextArea?.textArea;
    const body = form.getFieldValue('body') as string;
    const at = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? at;
    form.setFieldValue('body', `${body.slice(0, at)}{{${name}}}${body.slice(end)}`);
    void form.validateFields(['body']);
    area?.focus();
  };

  async function submit(values: FitTemplateInput): Promise<void> {
    setFormError(undefined);
    try {
      onSaved(await save.mutateAsync({ ...values, ...(template ? { templateId: template.id } : {}) }));
    } catch (error) {
      const issues = isApiError(error) ? (error.details?.issues as FieldIssue[] | undefined) : undefined;
      const known = new Set(['name', 'language', 'body', 'returnByDays']);
      for (const issue of issues ?? []) {
        if (known.has(issue.field))
          form.setFields([{ name: issue.field as keyof FitTemplateInput, errors: [issue.message] }]);
      }
      if (!issues?.some((issue) => known.has(issue.field))) {
        setFormError(
          isApiError(error) && error.serverMessage ? error.serverMessage : 'The template could not be saved.',
        );
      }
    }
  }

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={13}>
        <Form<FitTemplateInput>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={(values) => void submit(values)}
        >
          {formError ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={formError} /> : null}
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: 'Name the template' }]}
          >
            <Input maxLength={120} />
          </Form.Item>
          <Flex gap="middle" wrap>
            <Form.Item label="Language" name="language" style={{ minWidth: 200 }}>
              <Select options={FIT_LANGUAGES.map((language) => ({ value: language.tag, label: language.label }))} />
            </Form.Item>
            <Form.Item
              label="Return by (days after mailing)"
              name="returnByDays"
              rules={[{ required: true, message: 'How many days to send the kit back' }]}
            >
              <InputNumber min={1} max={180} precision={0} />
            </Form.Item>
          </Flex>
          <Form.Item
            label="Letter"
            name="body"
            rules={[
              { required: true, message: 'Write the letter' },
              {
                validator: async (_rule, value: string | undefined) => {
                  const problems = fitLetterBodyProblems(value ?? '');
                  if (problems.length > 0) throw new Error(problems.join('; '));
                },
              },
            ]}
          >
            <Input.TextArea ref={bodyRef} rows={14} maxLength={FIT_LETTER_BODY_MAX} showCount />
          </Form.Item>
          <MergeFields onInsert={insertField} />
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {template ? 'Save the template' : 'Add the template'}
          </Button>
        </Form>
      </Col>
      <Col xs={24} xl={11}>
        <FitLetterPreview draft={draft ?? initial} />
      </Col>
    </Row>
  );
}

function MergeFields({ onInsert }: { onInsert: (name: string) => void }) {
  return (
    <section aria-labelledby="fit-merge-fields" style={{ marginBottom: 16 }}>
      <Typography.Text id="fit-merge-fields" strong>
        Merge fields
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Each becomes the patient&apos;s own when the letters are made. Insert one where the cursor is:
      </Typography.Paragraph>
      <Flex gap={6} wrap>
        {FIT_MERGE_FIELDS.map((field) => (
          <Button key={field.name} size="small" title={field.description} onClick={() => onInsert(field.name)}>
            {`{{${field.name}}}`}
          </Button>
        ))}
      </Flex>
    </section>
  );
}
