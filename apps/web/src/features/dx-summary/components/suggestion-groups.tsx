import type { DxCaptureData } from '@cairn/contracts';
import { Card, Divider, Flex, Typography } from 'antd';
import { Fragment } from 'react';
import type { DecisionContext } from './decision-controls';
import type { OnOpenEvidence } from './evidence-list';
import { SuggestionItem } from './suggestion-item';
import { EmptyState } from '../../../components/empty-state';

interface SuggestionGroupsProps {
  groups: DxCaptureData['groups'];
  isGroupingOn: boolean;
  context: DecisionContext;
  onOpenEvidence: OnOpenEvidence;
}

/** The HCC's number leads its label, unless the server's label already names it. */
function groupTitle(group: DxCaptureData['groups'][number]): string {
  if (group.hcc === null || group.label.includes(String(group.hcc))) return group.label;
  return `HCC ${String(group.hcc)} ${group.label}`;
}

/** The suggestions, one card per HCC when grouped, one list otherwise. */
export function SuggestionGroups({ groups, isGroupingOn, context, onOpenEvidence }: SuggestionGroupsProps) {
  const items = groups.flatMap((group) => group.items);
  if (items.length === 0) return <EmptyState description="No diagnosis suggestions for this visit" />;
  const renderItems = (list: typeof items) =>
    list.map((item, index) => (
      <Fragment key={item.icdCode}>
        {index > 0 && <Divider style={{ margin: 0 }} />}
        <SuggestionItem item={item} context={context} onOpenEvidence={onOpenEvidence} />
      </Fragment>
    ));
  if (!isGroupingOn) return <Card size="small">{renderItems(items)}</Card>;
  return (
    <Flex vertical gap="middle">
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <Card
            key={group.hcc ?? 'none'}
            size="small"
            title={
              <Typography.Title level={5} style={{ margin: 0, whiteSpace: 'normal' }}>
                {`${groupTitle(group)} (${String(group.items.length)})`}
              </Typography.Title>
            }
          >
            {renderItems(group.items)}
          </Card>
        ))}
    </Flex>
  );
}
