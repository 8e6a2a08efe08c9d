import { PlusOutlined } from '@ant-design/icons';
import type { AdminClinic } from '@cairn/contracts';
import { App, Button, Flex, Form, Input, Table } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { useOrganisationClinics } from '../../api/list-organisation-clinics';
import { useRevertOrganisationClinicField } from '../../api/revert-organisation-clinic-field';
import { useSaveOrganisationClinic } from '../../api/save-organisation-clinic';
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

interface ClinicFields {
  name: string;
}

/**
 * The organisation's clinics (group practices): searched, paged, renamed (a synced clinic keeps the name
 * at later syncs until the EHR's is used again), added by hand.
 */
export function ClinicsPanel() {
  const { message } = App.useApp();
  const list = useSearchPage();
  const clinics = useOrganisationClinics(list.query);
  const save = useSaveOrganisationClinic();
  const [form] = Form.useForm<ClinicFields>();
  const [editing, setEditing] = useState<{ clinic?: AdminClinic }>();
  const clinic = editing?.clinic;
  const revert = useRevertOrganisationClinicField();

  async function revertName() {
    if (!clinic) return;
    try {
      const saved = await revert.mutateAsync({ clinicId: clinic.id, field: 'name' });
      setEditing({ clinic: saved });
      form.setFieldValue('name', saved.name);
      void message.success('The EHR’s name is used again.');
    } catch (error) {
      void message.error(failureText(error));
    }
  }

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center">
        <SearchBox label="Search clinics" placeholder="Clinic name" value={list.search} onChange={list.setSearch} />
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setEditing({})}
          style={{ marginInlineStart: 'auto' }}
        >
          New clinic
        </Button>
      </Flex>
      {clinics.isError ? (
        <ErrorState title="The clinics could not be loaded." onRetry={() => void clinics.refetch()} />
      ) : (
        <Table<AdminClinic>
          aria-label="Clinics"
          rowKey="id"
          size="middle"
          loading={clinics.isPending || (clinics.isFetching && clinics.isPlaceholderData)}
          dataSource={clinics.data?.clinics}
          locale={{ emptyText: <EmptyState description="No clinic matches" compact /> }}
          pagination={{
            current: list.page,
            pageSize: PAGE_SIZE,
            total: clinics.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `${String(total)} clinics`,
            onChange: list.setPage,
          }}
          columns={[
            {
              title: 'Name',
              render: (_value, row) => (
                <Button type="link" style={{ padding: 0 }} onClick={() => setEditing({ clinic: row })}>
                  {row.name}
                </Button>
              ),
            },
            { title: 'Departments', dataIndex: 'departmentCount' },
            { title: 'Source', render: (_value, row) => <SourceTag row={row} /> },
          ]}
        />
      )}
      <EditModal<ClinicFields>
        key={clinic?.id ?? 'new'}
        title={clinic ? `Rename ${clinic.name}` : 'New clinic'}
        isOpen={editing !== undefined}
        isSaving={save.isPending}
        form={form}
        initialValues={{ name: clinic?.name ?? '' }}
        warning={syncedRowNote(clinic)}
        onClose={() => setEditing(undefined)}
        onSubmit={async (fields) => {
          const saved = await save.mutateAsync({ clinicId: clinic?.id, name: fields.name });
          setEditing(undefined);
          void message.success(`${saved.name} saved.`);
        }}
      >
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Name the clinic' }]}
          extra={
            <EditedFieldNote
              row={clinic}
              field="name"
              label="Name"
              isReverting={revert.isPending}
              onRevert={() => void revertName()}
            />
          }
        >
          <Input autoComplete="off" />
        </Form.Item>
      </EditModal>
    </Flex>
  );
}
