import { PlusOutlined } from '@ant-design/icons';
import { isValidNpi, type AdminProvider } from '@cairn/contracts';
import { App, Button, Flex, Form, Input, Select, Table } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useOrganisationDepartments } from '../../api/list-organisation-departments';
import { useOrganisationProviders } from '../../api/list-organisation-providers';
import {
  useRevertOrganisationProviderField,
  type RevertProviderFieldInput,
} from '../../api/revert-organisation-provider-field';
import { useSaveOrganisationProvider } from '../../api/save-organisation-provider';
import {
  EditedFieldNote,
  EditModal,
  failureText,
  PAGE_SIZE,
  SearchBox,
  SourceTag,
  syncedRowNote,
  useSearchPage,
} from './hierarchy-parts';

interface ProviderFields {
  firstName: string;
  lastName: string;
  suffix: string;
  npi: string;
  departmentId: string | null;
}

/** Whether the NPI is the provider's as it stands or the EHR's latest: accepted without the check digit. */
const isEhrNpi = (provider: AdminProvider | undefined, npi: string) =>
  npi === provider?.npi ||
  provider?.editedFields.some((edit) => edit.field === 'npi' && edit.ehrValue === npi) === true;

const nameOf = (provider: AdminProvider) =>
  [provider.firstName, provider.lastName].filter(Boolean).join(' ') + (provider.suffix ? `, ${provider.suffix}` : '');

/** A department picker that searches departments (and their clinics) as the admin types. */
function DepartmentSelect(props: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  current?: AdminProvider;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const departments = useOrganisationDepartments({
    search: debounced === '' ? undefined : debounced,
    page: 1,
    pageSize: 50,
  });
  const options = (departments.data?.departments ?? []).map((row) => ({
    value: row.id,
    label: `${row.name} (${row.clinicName})`,
  }));
  const { current } = props;
  if (current?.departmentId && !options.some((option) => option.value === current.departmentId)) {
    options.unshift({
      value: current.departmentId,
      label: `${current.departmentName ?? ''} (${current.clinicName ?? ''})`,
    });
  }
  return (
    <Select<string | null>
      aria-label="Department"
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={departments.isFetching}
      value={props.value ?? null}
      onChange={(value) => props.onChange?.(value ?? null)}
      options={options}
      placeholder="No department"
    />
  );
}

/**
 * The organisation's providers: searched by name, credentials or NPI, paged, edited (a synced provider
 * keeps the names, credentials and NPI given here at later syncs until the EHR's are used again), added
 * by hand.
 */
export function ProvidersPanel() {
  const { message } = App.useApp();
  const list = useSearchPage();
  const providers = useOrganisationProviders(list.query);
  const save = useSaveOrganisationProvider();
  const [form] = Form.useForm<ProviderFields>();
  const [editing, setEditing] = useState<{ provider?: AdminProvider }>();
  const provider = editing?.provider;
  const revert = useRevertOrganisationProviderField();

  async function revertField(field: RevertProviderFieldInput['field']) {
    if (!provider) return;
    try {
      const saved = await revert.mutateAsync({ providerId: provider.id, field });
      setEditing({ provider: saved });
      form.setFieldValue(field, saved[field] ?? '');
      void message.success('The EHR’s value is used again.');
    } catch (error) {
      void message.error(failureText(error));
    }
  }
  const editedNote = (field: RevertProviderFieldInput['field'], label: string) => (
    <EditedFieldNote
      row={provider}
      field={field}
      label={label}
      isReverting={revert.isPending}
      onRevert={() => void revertField(field)}
    />
  );

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center">
        <SearchBox
          label="Search providers"
          placeholder="Name, credentials or NPI"
          value={list.search}
          onChange={list.setSearch}
        />
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setEditing({})}
          style={{ marginInlineStart: 'auto' }}
        >
          New provider
        </Button>
      </Flex>
      {providers.isError ? (
        <ErrorState title="The providers could not be loaded." onRetry={() => void providers.refetch()} />
      ) : (
        <Table<AdminProvider>
          aria-label="Providers"
          rowKey="id"
          size="middle"
          loading={providers.isPending || (providers.isFetching && providers.isPlaceholderData)}
          dataSource={providers.data?.providers}
          locale={{ emptyText: <EmptyState description="No provider matches" compact /> }}
          pagination={{
            current: list.page,
            pageSize: PAGE_SIZE,
            total: providers.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `${String(total)} providers`,
            onChange: list.setPage,
          }}
          columns={[
            {
              title: 'Name',
              render: (_value, row) => (
                <Button type="link" style={{ padding: 0 }} onClick={() => setEditing({ provider: row })}>
                  {nameOf(row)}
                </Button>
              ),
            },
            { title: 'NPI', render: (_value, row) => row.npi ?? '—' },
            {
              title: 'Department',
              render: (_value, row) => (row.departmentName ? `${row.departmentName} (${row.clinicName ?? ''})` : '—'),
            },
            { title: 'Source', render: (_value, row) => <SourceTag row={row} /> },
          ]}
        />
      )}
      <EditModal<ProviderFields>
        key={provider?.id ?? 'new'}
        title={provider ? `Edit ${nameOf(provider)}` : 'New provider'}
        isOpen={editing !== undefined}
        isSaving={save.isPending}
        form={form}
        initialValues={{
          firstName: provider?.firstName ?? '',
          lastName: provider?.lastName ?? '',
          suffix: provider?.suffix ?? '',
          npi: provider?.npi ?? '',
          departmentId: provider?.departmentId ?? null,
        }}
        warning={syncedRowNote(provider)}
        onClose={() => setEditing(undefined)}
        onSubmit={async (fields) => {
          const npi = fields.npi.trim();
          const suffix = fields.suffix.trim();
          const saved = await save.mutateAsync({
            providerId: provider?.id,
            ...fields,
            suffix: suffix === '' ? null : suffix,
            npi: npi === '' ? null : npi,
          });
          setEditing(undefined);
          void message.success(`${nameOf(saved)} saved.`);
        }}
      >
        <Form.Item name="firstName" label="First name" extra={editedNote('firstName', 'First name')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="lastName"
          label="Last name"
          rules={[{ required: true, whitespace: true, message: 'The last name' }]}
          extra={editedNote('lastName', 'Last name')}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="suffix"
          label="Credentials"
          extra={
            <>
              MD, DO, NP, PA...
              {editedNote('suffix', 'Credentials')}
            </>
          }
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="npi"
          label="NPI"
          extra={editedNote('npi', 'NPI')}
          rules={[
            {
              // An NPI the EHR gave is kept as it is; a new or changed one must pass the check digit.
              validator: (_rule, value: string | undefined) =>
                !value?.trim() || isEhrNpi(provider, value.trim()) || isValidNpi(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error('Ten digits whose last is the NPI check digit')),
            },
          ]}
        >
          <Input autoComplete="off" inputMode="numeric" maxLength={10} />
        </Form.Item>
        <Form.Item
          name="departmentId"
          label="Department"
          extra="Kept in Cairn only: the EHR's practitioner record names no department, so no sync changes it."
        >
          <DepartmentSelect current={provider} />
        </Form.Item>
      </EditModal>
    </Flex>
  );
}
