import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { NotFoundMessage } from '../../../components/not-found-message';
import { paths } from '../../../config/paths';
import { useDocument } from '../../../features/documents/api/get-document';
import { DocumentViewer } from '../../../features/documents/components/document-viewer';
import { formatDate } from '../../../lib/dates';
import type { ApiError } from '../../../lib/api-error';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';

function isNotFound(error: unknown): boolean {
  return (error as Partial<ApiError> | null)?.code === 'NOT_FOUND';
}

/** /document/:documentId (spec §2): one document full width, with its details and a way back to the patient. */
export default function DocumentPage() {
  const { documentId = '' } = useParams();
  const document = useDocument(documentId);
  if (document.isPending) return <LoadingState label="Loading the document" rows={10} />;
  if (document.isError) {
    if (isNotFound(document.error)) return <NotFoundMessage name="Document" />;
    return <ErrorState title="The document could not be loaded." />;
  }
  const { title, date, author, source, typeDisplay, patientId } = document.data;
  return (
    <Flex vertical gap="middle" style={{ padding: 16 }}>
      <Link to={paths.patient.href({ cairnPatientId: patientId })}>
        <ArrowLeftOutlined aria-hidden /> Patient portrait
      </Link>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 4 }}
        items={[
          { key: 'date', label: 'Date', children: formatDate(date, 'date') },
          { key: 'type', label: 'Type', children: typeDisplay ?? '—' },
          { key: 'author', label: 'Author', children: author ?? '—' },
          {
            key: 'source',
            label: 'Source',
            children: <Tag color={source === 'HIE' ? 'purple' : 'blue'}>{source}</Tag>,
          },
        ]}
      />
      <Card size="small">
        <DocumentViewer documentId={documentId} />
      </Card>
    </Flex>
  );
}
