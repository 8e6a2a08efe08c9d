import type { FitTemplate } from '@cairn/contracts';
import { Alert, Button, Drawer, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { useFitTemplates } from '../api/list-fit-templates';
import { languageLabel } from '../utils/labels';
import { FitTemplateForm } from './fit-template-form';

/** /quality-fit-templates: the organisation's letter templates; each opens in a drawer to be changed. */
export function FitTemplates() {
  const templates = useFitTemplates();
  const [editing, setEditing] = useState<FitTemplate>();
  const [saved, setSaved] = useState<string>();
  const columns: TableColumnsType<FitTemplate> = [
    { title: 'Name', key: 'name', render: (_, template) => <Typography.Text strong>{template.name}</Typography.Text> },
    { title: 'Language', key: 'language', render: (_, template) => languageLabel(template.language) },
    {
      title: 'Return by',
      key: 'returnBy',
      render: (_, template) => `${String(template.returnByDays)} days after mailing`,
    },
    { title: 'Batches mailed', key: 'batches', render: (_, template) => template.batchCount },
    {
      title: 'Last changed',
      key: 'changed',
      render: (_, template) =>
        `${formatDate(template.updatedAt, 'date')}${template.updatedByName ? ` by ${template.updatedByName}` : ''}`,
    },
    {
      title: 'Edit',
      key: 'edit',
      render: (_, template) => (
        <Button size="small" onClick={() => setEditing(template)} aria-label={`Edit ${template.name}`}>
          Edit
        </Button>
      ),
    },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Link to={paths.qualityFit.href()}>Back to FIT outreach</Link>
        <Link to={paths.qualityFitAddTemplate.href()}>Add a template</Link>
      </Flex>
      {saved ? <Alert type="success" showIcon style={{ marginBottom: 12 }} title={saved} /> : null}
      {templates.isPending ? (
        <LoadingState label="Loading the templates" />
      ) : templates.isError ? (
        <ErrorState title="The templates could not be loaded." onRetry={() => void templates.refetch()} />
      ) : templates.data.length === 0 ? (
        <EmptyState description="No letter template yet" />
      ) : (
        <Table<FitTemplate>
          aria-label="FIT letter templates"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={templates.data}
          pagination={false}
        />
      )}
      <Drawer
        open={editing !== undefined}
        title={editing ? `Edit ${editing.name}` : ''}
        size="large"
        onClose={() => setEditing(undefined)}
        destroyOnHidden
      >
        {editing ? (
          <FitTemplateForm
            template={editing}
            onSaved={(template) => {
              setEditing(undefined);
              setSaved(`${template.name} is saved. Letters mailed before keep the words they were mailed with.`);
            }}
          />
        ) : null}
      </Drawer>
    </>
  );
}
