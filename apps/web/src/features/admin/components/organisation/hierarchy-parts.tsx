import { Alert, Button, Flex, Form, Input, Modal, Tag, Typography, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../../../lib/api-error';
import { formatDate } from '../../../../lib/dates';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { serverFieldErrors } from '../../utils/server-field-errors';

export const PAGE_SIZE = 25;

/** Where a clinic, department or provider came from, and what a sync and an administrator did to it. */
export interface HierarchyRowSource {
  source: string;
  sourceId: string;
  isHandAdded: boolean;
  syncedAt: string | null;
  editedFields: readonly { field: string; ehrValue: string | null; ehrDisplay: string | null }[];
}

const sourceName = (row: { source: string }) => (row.source === 'EHR' ? 'the EHR' : row.source);
const syncedWhen = (syncedAt: string | null) =>
  syncedAt ? `${formatDate(syncedAt, 'date')} ${formatDate(syncedAt, 'time')}` : 'not recorded';

/**
 * Where a row came from: added by hand in Cairn, or synced (its id in the EHR and its last sync), and
 * whether an administrator edited some of its fields (which the sync then leaves as they are).
 */
export function SourceTag({ row }: { row: HierarchyRowSource }) {
  if (row.isHandAdded) return <Tag>Added in Cairn</Tag>;
  return (
    <Flex vertical gap={2} align="flex-start">
      <Flex gap={4} wrap>
        <Tag color="blue">From {sourceName(row)}</Tag>
        {row.editedFields.length > 0 && <Tag color="gold">Edited in Cairn</Tag>}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {row.source} id {row.sourceId} · last sync {syncedWhen(row.syncedAt)}
      </Typography.Text>
    </Flex>
  );
}

/** What the edit form of a synced row says first. */
export function syncedRowNote(row: HierarchyRowSource | undefined): string | undefined {
  if (!row || row.isHandAdded) return undefined;
  return `Synced from ${sourceName(row)} (id ${row.sourceId}, last sync ${syncedWhen(row.syncedAt)}). A field you change here stays as you set it at later syncs, which keep ${sourceName(row)}’s value beside it.`;
}

/**
 * Under a field an administrator edited on a synced row: what the EHR says, and a button that gives the
 * field back to the EHR.
 */
export function EditedFieldNote(props: {
  row: HierarchyRowSource | undefined;
  field: string;
  label: string;
  isReverting: boolean;
  onRevert: () => void;
}) {
  const edit = props.row?.editedFields.find((item) => item.field === props.field);
  if (!props.row || !edit) return null;
  const says = edit.ehrDisplay === null || edit.ehrDisplay === '' ? 'gives none' : `says ${edit.ehrDisplay}`;
  return (
    <Flex gap={8} align="center" wrap style={{ marginTop: 4 }}>
      <Typography.Text type="warning">
        Edited in Cairn — {sourceName(props.row)} {says}
      </Typography.Text>
      <Button
        size="small"
        aria-label={`Use the EHR’s value for ${props.label}`}
        loading={props.isReverting}
        onClick={props.onRevert}
      >
        Use the EHR’s value
      </Button>
    </Flex>
  );
}

/** What the admin reads when the server refused a call: its own words when it gave some. */
export function failureText(error: unknown): string {
  return isApiError(error) ? (error.serverMessage ?? error.message) : 'Not saved.';
}

/** A list's search box and page: a new search goes back to page 1. */
export function useSearchPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), 250);
  return {
    search,
    page,
    setPage,
    setSearch: (value: string) => {
      setSearch(value);
      setPage(1);
    },
    query: { search: debounced === '' ? undefined : debounced, page, pageSize: PAGE_SIZE },
  };
}

/** A search box for one list. */
export function SearchBox(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Input.Search
      aria-label={props.label}
      placeholder={props.placeholder}
      allowClear
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      style={{ width: 280 }}
    />
  );
}

interface EditModalProps<T> {
  title: string;
  isOpen: boolean;
  isSaving: boolean;
  form: FormInstance<T>;
  initialValues: Partial<T>;
  warning?: string | undefined;
  onClose: () => void;
  onSubmit: (fields: T) => Promise<unknown>;
  children: ReactNode;
}

/** A modal form that saves one row, showing the server's refusal next to the field it names. */
export function EditModal<T extends object>(props: EditModalProps<T>) {
  const [failure, setFailure] = useState<string>();
  async function submit(fields: T) {
    setFailure(undefined);
    try {
      await props.onSubmit(fields);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      props.form.setFields(fieldErrors as Parameters<FormInstance<T>['setFields']>[0]);
      if (fieldErrors.length === 0) setFailure(failureText(error));
    }
  }
  return (
    <Modal
      open={props.isOpen}
      title={props.title}
      okText="Save"
      confirmLoading={props.isSaving}
      onOk={() => props.form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {props.warning && <Alert type="info" showIcon title={props.warning} style={{ marginBottom: 16 }} />}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<T>
        form={props.form}
        layout="vertical"
        initialValues={props.initialValues}
        onFinish={(fields) => void submit(fields)}
        requiredMark="optional"
      >
        {props.children}
      </Form>
    </Modal>
  );
}
