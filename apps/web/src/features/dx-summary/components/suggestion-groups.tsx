import type { DxCaptureData } from '@cairn/contracts';
import { Card, Divider, Typography } from 'antd';
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

/**
 * The suggestions in one card (issue 16 item 1: a visit fits one screen): under a thin heading per
 * HCC when grouped, one list otherwise.
 */
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
  return (
    <Card size="small" styles={{ body: { paddingBlock: 4 } }}>
      {isGroupingOn
        ? groups
            .filter((group) => group.items.length > 0)
            .map((group) => (
              <section key={group.hcc ?? 'none'} aria-label={groupTitle(group)}>
                <Typography.Title
                  level={5}
                  style={{
                    margin: 0,
                    paddingBlock: 2,
                    fontSize: 13,
                    lineHeight: '20px',
                    borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
                    color: 'rgba(0, 0, 0, 0.65)',
                  }}
                >
                  {`${groupTitle(group)} (${String(group.items.length)})`}
                </Typography.Title>
                {renderItems(group.items)}
              </section>
            ))
        : renderItems(items)}
    </Card>
  );
}
