import { DX_NOTE_MAX_LENGTH, REJECT_REASONS, type RejectReason } from '@cairn/contracts';
import { Checkbox, Form, Input, Modal, Radio } from 'antd';
import type { MouseEvent } from 'react';
import { REJECT_REASON_LABELS } from '../utils/labels';

export interface Rejection {
  reason: RejectReason;
  note?: string;
  stopShowing: boolean;
}

const OTHER_NEEDS_A_NOTE = "Say why in a note when the reason is 'Other'";

interface RejectFields {
  reason?: RejectReason;
  note?: string;
  stopShowing?: boolean;
}

/** Asks why a suggestion is rejected: a reason always, a note when the reason is 'Other'. */
export function RejectDialog({
  codeLabel,
  isOpen,
  onReject,
  onCancel,
}: {
  codeLabel: string;
  isOpen: boolean;
  onReject: (rejection: Rejection) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<RejectFields>();
  const reason = Form.useWatch('reason', form);
  const submit = (fields: RejectFields) => {
    if (!fields.reason) return;
    const note = fields.note?.trim();
    onReject({ reason: fields.reason, note: note === '' ? undefined : note, stopShowing: fields.stopShowing ?? false });
  };
  // Issue 16: a rejection shows within 100 ms. Complete fields are sent in the click itself; the form's
  // own validation (a render of every field as validating, then promises) runs only to say what is missing.
  const rejectNow = (event: MouseEvent) => {
    const fields = form.getFieldsValue();
    if (!isComplete(fields)) return;
    event.preventDefault();
    submit(fields);
  };
  return (
    <Modal
      open={isOpen}
      title={`Reject ${codeLabel}`}
      okText="Reject"
      okButtonProps={{ danger: true, htmlType: 'submit' }}
      onOk={rejectNow}
      onCancel={onCancel}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form form={form} layout="vertical" onFinish={submit} clearOnDestroy>
          {dialog}
        </Form>
      )}
    >
      <Form.Item name="reason" label="Reason" rules={[{ required: true, message: 'Choose a reason' }]}>
        <Radio.Group
          orientation="vertical"
          options={REJECT_REASONS.map((value) => ({ value, label: REJECT_REASON_LABELS[value] }))}
        />
      </Form.Item>
      <Form.Item
        name="note"
        label={reason === 'other' ? 'Note' : 'Note (optional)'}
        dependencies={['reason']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (getFieldValue('reason') === 'other' && !value?.trim()) throw new Error(OTHER_NEEDS_A_NOTE);
            },
          }),
        ]}
      >
        <Input.TextArea rows={3} maxLength={DX_NOTE_MAX_LENGTH} />
      </Form.Item>
      <Form.Item name="stopShowing" valuePropName="checked" noStyle>
        <Checkbox>Stop showing for this patient</Checkbox>
      </Form.Item>
    </Modal>
  );
}

/** The rules of the form's fields, checked at once: a reason, and a note when the reason is 'Other'. */
function isComplete(fields: RejectFields): boolean {
  return fields.reason !== undefined && (fields.reason !== 'other' || Boolean(fields.note?.trim()));
}
