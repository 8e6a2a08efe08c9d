import type { DocumentListItem } from '@cairn/contracts';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { formatDate } from '../../../lib/dates';

const DOCUMENTS_PER_PAGE = 20;

export interface DocumentListProps {
  documents: readonly DocumentListItem[];
  selectedId: string | undefined;
  onSelect: (documentId: string) => void;
}

/** The documents as a table: date MM/DD/YYYY, title, type, author, source. */
export function DocumentList({ documents, selectedId, onSelect }: DocumentListProps) {
  const columns: TableColumnsType<DocumentListItem> = [
    { title: 'Date', dataIndex: 'date', width: 110, render: (date: string) => formatDate(date, 'date') },
    {
      title: 'Title',
      dataIndex: 'title',
      render: (title: string, document) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={(event) => {
            event.stopPropagation();
            onSelect(document.id);
          }}
        >
          {title}
        </Button>
      ),
    },
    { title: 'Type', dataIndex: 'typeDisplay', render: (type: string | null) => type ?? '—' },
    { title: 'Author', dataIndex: 'author', render: (author: string | null) => author ?? '—' },
    {
      title: 'Source',
      dataIndex: 'source',
      width: 80,
      render: (source: DocumentListItem['source']) => <Tag color={source === 'HIE' ? 'purple' : 'blue'}>{source}</Tag>,
    },
  ];
  return (
    <Table<DocumentListItem>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...documents]}
      pagination={{ pageSize: DOCUMENTS_PER_PAGE, hideOnSinglePage: true, showSizeChanger: false }}
      rowClassName={(document) => (document.id === selectedId ? 'ant-table-row-selected' : '')}
      onRow={(document) => ({ onClick: () => onSelect(document.id), style: { cursor: 'pointer' } })}
    />
  );
}
