import { Empty } from 'antd';

export interface EmptyStateProps {
  /** What there is none of ('No documents'). */
  description: string;
  /** The small picture, for a panel or a list inside a card, rather than a page-sized one. */
  compact?: boolean;
}

/** A widget's empty state: the request worked and there is nothing to show. */
export function EmptyState({ description, compact = false }: EmptyStateProps) {
  return (
    <Empty image={compact ? Empty.PRESENTED_IMAGE_SIMPLE : Empty.PRESENTED_IMAGE_DEFAULT} description={description} />
  );
}
