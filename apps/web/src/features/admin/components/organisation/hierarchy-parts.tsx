import { Alert, Form, Input, Modal, Tag, Tooltip, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../../../lib/api-error';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { serverFieldErrors } from '../../utils/server-field-errors';

export const PAGE_SIZE = 25;

/** Where a row came from: synced from the EHR (a sync writes the EHR's names over an edit), or added here. */
export function SourceTag({ row }: { row: { source: string; isFromEhr: boolean } }) {
  if (row.isFromEhr) {
    return (
      <Tooltip title="Synced from the EHR. An edit here is kept until the next sync, which writes the EHR's values again.">
        <Tag color="blue" tabIndex={0}>
          From the EHR
        </Tag>
      </Tooltip>
    );
  }
  return <Tag>{row.source === 'CAIRN' ? 'Added in Cairn' : `From ${row.source}`}</Tag>;
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
      if (fieldErrors.length === 0)
        setFailure(isApiError(error) ? (error.serverMessage ?? error.message) : 'Not saved.');
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

export const EHR_EDIT_WARNING =
  'This row is synced from the EHR: Cairn keeps its EHR id, so the next sync still matches it, and writes the EHR’s values over this edit.';
