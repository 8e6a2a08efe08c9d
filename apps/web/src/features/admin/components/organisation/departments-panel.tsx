import { PlusOutlined } from '@ant-design/icons';
import type { AdminDepartment } from '@cairn/contracts';
import { App, Button, Flex, Form, Input, Select, Table } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useOrganisationClinics } from '../../api/list-organisation-clinics';
import { useOrganisationDepartments } from '../../api/list-organisation-departments';
import {
  useRevertOrganisationDepartmentField,
  type RevertDepartmentFieldInput,
} from '../../api/revert-organisation-department-field';
import { useSaveOrganisationDepartment } from '../../api/save-organisation-department';
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

interface DepartmentFields {
  name: string;
  clinicId: string;
}

/** A clinic picker that searches the clinics as the admin types (an organisation may have many). */
export function ClinicSelect(props: {
  value?: string;
  onChange?: (value: string) => void;
  current?: { id: string; name: string };
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const clinics = useOrganisationClinics({ search: debounced === '' ? undefined : debounced, page: 1, pageSize: 50 });
  const options = (clinics.data?.clinics ?? []).map((clinic) => ({ value: clinic.id, label: clinic.name }));
  const { current } = props;
  if (current && !options.some((option) => option.value === current.id))
    options.unshift({ value: current.id, label: current.name });
  return (
    <Select
      aria-label="Clinic"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={clinics.isFetching}
      value={props.value}
      onChange={props.onChange}
      options={options}
      placeholder="Choose a clinic"
    />
  );
}

/**
 * The organisation's departments: searched, paged, renamed or moved (a synced department keeps the name
 * and clinic given here at later syncs until the EHR's are used again), added by hand.
 */
export function DepartmentsPanel() {
  const { message } = App.useApp();
  const list = useSearchPage();
  const departments = useOrganisationDepartments(list.query);
  const save = useSaveOrganisationDepartment();
  const [form] = Form.useForm<DepartmentFields>();
  const [editing, setEditing] = useState<{ department?: AdminDepartment }>();
  const department = editing?.department;
  const revert = useRevertOrganisationDepartmentField();

  async function revertField(field: RevertDepartmentFieldInput['field']) {
    if (!department) return;
    try {
      const saved = await revert.mutateAsync({ departmentId: department.id, field });
      setEditing({ department: saved });
      form.setFieldValue(field, saved[field]);
      void message.success('The EHR’s value is used again.');
    } catch (error) {
      void message.error(failureText(error));
    }
  }
  const editedNote = (field: RevertDepartmentFieldInput['field'], label: string) => (
    <EditedFieldNote
      row={department}
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
          label="Search departments"
          placeholder="Department or clinic name"
          value={list.search}
          onChange={list.setSearch}
        />
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setEditing({})}
          style={{ marginInlineStart: 'auto' }}
        >
          New department
        </Button>
      </Flex>
      {departments.isError ? (
        <ErrorState title="The departments could not be loaded." onRetry={() => void departments.refetch()} />
      ) : (
        <Table<AdminDepartment>
          aria-label="Departments"
          rowKey="id"
          size="middle"
          loading={departments.isPending || (departments.isFetching && departments.isPlaceholderData)}
          dataSource={departments.data?.departments}
          locale={{ emptyText: <EmptyState description="No department matches" compact /> }}
          pagination={{
            current: list.page,
            pageSize: PAGE_SIZE,
            total: departments.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `${String(total)} departments`,
            onChange: list.setPage,
          }}
          columns={[
            {
              title: 'Name',
              render: (_value, row) => (
                <Button type="link" style={{ padding: 0 }} onClick={() => setEditing({ department: row })}>
                  {row.name}
                </Button>
              ),
            },
            { title: 'Clinic', dataIndex: 'clinicName' },
            { title: 'Providers', dataIndex: 'providerCount' },
            { title: 'Source', render: (_value, row) => <SourceTag row={row} /> },
          ]}
        />
      )}
      <EditModal<DepartmentFields>
        key={department?.id ?? 'new'}
        title={department ? `Edit ${department.name}` : 'New department'}
        isOpen={editing !== undefined}
        isSaving={save.isPending}
        form={form}
        initialValues={{ name: department?.name ?? '', clinicId: department?.clinicId }}
        warning={syncedRowNote(department)}
        onClose={() => setEditing(undefined)}
        onSubmit={async (fields) => {
          const saved = await save.mutateAsync({ departmentId: department?.id, ...fields });
          setEditing(undefined);
          void message.success(`${saved.name} saved.`);
        }}
      >
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Name the department' }]}
          extra={editedNote('name', 'Name')}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="clinicId"
          label="Clinic"
          rules={[{ required: true, message: 'Choose its clinic' }]}
          extra={editedNote('clinicId', 'Clinic')}
        >
          <ClinicSelect current={department ? { id: department.clinicId, name: department.clinicName } : undefined} />
        </Form.Item>
      </EditModal>
    </Flex>
  );
}
