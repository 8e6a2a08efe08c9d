import { PlusOutlined } from '@ant-design/icons';
import type { AdminClinic } from '@cairn/contracts';
import { App, Button, Flex, Form, Input, Table } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { useOrganisationClinics } from '../../api/list-organisation-clinics';
import { useSaveOrganisationClinic } from '../../api/save-organisation-clinic';
import { EditModal, EHR_EDIT_WARNING, PAGE_SIZE, SearchBox, SourceTag, useSearchPage } from './hierarchy-parts';

interface ClinicFields {
  name: string;
}

/** The organisation's clinics (group practices): searched, paged, renamed, added by hand. */
export function ClinicsPanel() {
  const { message } = App.useApp();
  const list = useSearchPage();
  const clinics = useOrganisationClinics(list.query);
  const save = useSaveOrganisationClinic();
  const [form] = Form.useForm<ClinicFields>();
  const [editing, setEditing] = useState<{ clinic?: AdminClinic }>();

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
              render: (_value, clinic) => (
                <Button type="link" style={{ padding: 0 }} onClick={() => setEditing({ clinic })}>
                  {clinic.name}
                </Button>
              ),
            },
            { title: 'Departments', dataIndex: 'departmentCount' },
            { title: 'Source', render: (_value, clinic) => <SourceTag row={clinic} /> },
          ]}
        />
      )}
      <EditModal<ClinicFields>
        key={editing?.clinic?.id ?? 'new'}
        title={editing?.clinic ? `Rename ${editing.clinic.name}` : 'New clinic'}
        isOpen={editing !== undefined}
        isSaving={save.isPending}
        form={form}
        initialValues={{ name: editing?.clinic?.name ?? '' }}
        warning={editing?.clinic?.isFromEhr ? EHR_EDIT_WARNING : undefined}
        onClose={() => setEditing(undefined)}
        onSubmit={async (fields) => {
          const saved = await save.mutateAsync({ clinicId: editing?.clinic?.id, name: fields.name });
          setEditing(undefined);
          void message.success(`${saved.name} saved.`);
        }}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Name the clinic' }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </EditModal>
    </Flex>
  );
}
