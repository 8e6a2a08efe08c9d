import type { DxCaptureData } from '@cairn/contracts';
import { Alert, Col, Flex, Row, Spin, Switch, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { hasPermission, useSession } from '../../../lib/session';
import { useDxCaptureData } from '../api/get-dx-capture-data';
import { useDecisions } from '../hooks/use-decisions';
import { AddressedList } from './addressed-list';
import type { DecisionContext } from './decision-controls';
import type { OnOpenEvidence } from './evidence-list';
import { RiskScoreCard } from './risk-score-card';
import { ScrubBanner, SendToProviderButton } from './scrub-controls';
import { SuggestionGroups } from './suggestion-groups';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';

export interface DxSummaryTabProps {
  /** The visit (appointment id). */
  sid: string;
  onOpenEvidence: OnOpenEvidence;
  /** Actions of other features beside the grouping switch (add a diagnosis, the note wizard). */
  renderToolbar?: (data: DxCaptureData) => ReactNode;
  /** Shown above the risk score (the cart). */
  renderAside?: (data: DxCaptureData) => ReactNode;
}

/**
 * The Diagnosis Summary tab (issue 7 items 1, 2, 5, 8): the visit's suggestions with their evidence
 * and decisions, the diagnoses already addressed this year and the risk score. Laid out in one column
 * in the overlay panel, two on a wide screen.
 */
export function DxSummaryTab({ sid, onOpenEvidence, renderToolbar, renderAside }: DxSummaryTabProps) {
  const [isGroupingOn, setIsGroupingOn] = useState(true);
  const summary = useDxCaptureData(sid, isGroupingOn);
  const header = (
    <Flex gap="small" align="center">
      <Switch aria-label="Group by HCC" size="small" checked={isGroupingOn} onChange={setIsGroupingOn} />
      <Typography.Text>Group by HCC</Typography.Text>
    </Flex>
  );
  if (summary.isPending) return <LoadingState label="Loading the diagnosis summary" rows={8} />;
  if (summary.isError) {
    return <ErrorState title="The diagnosis summary could not be loaded." onRetry={() => void summary.refetch()} />;
  }
  if (!summary.data.isAnalysed) {
    return (
      <Flex vertical align="center" gap="small" style={{ padding: 32 }}>
        <Spin />
        <Typography.Text>Analysing this patient&apos;s data...</Typography.Text>
      </Flex>
    );
  }
  return (
    <VisitSummary
      sid={sid}
      data={summary.data}
      isGroupingOn={isGroupingOn}
      header={header}
      onOpenEvidence={onOpenEvidence}
      renderToolbar={renderToolbar}
      renderAside={renderAside}
    />
  );
}

type VisitSummaryProps = Omit<DxSummaryTabProps, 'sid'> & {
  sid: string;
  data: DxCaptureData;
  isGroupingOn: boolean;
  header: ReactNode;
};

function VisitSummary({
  sid,
  data,
  isGroupingOn,
  header,
  onOpenEvidence,
  renderToolbar,
  renderAside,
}: VisitSummaryProps) {
  const session = useSession();
  const decisions = useDecisions(sid, data);
  // View-only is a restriction: an admin's every-permission does not impose it (as the overlay decides).
  const canDecide = !hasPermission(session, 'view_only', true);
  const context: DecisionContext = { decisions, canDecide, postVisitCodes: data.postVisitUpdatedIcds };
  const { notice } = decisions;
  return (
    <Flex vertical gap="middle">
      <Flex gap="small" align="center" justify="space-between" wrap>
        {header}
        <Flex gap="small" wrap>
          {renderToolbar?.(data)}
          {data.role === 'coder' && canDecide && (
            <SendToProviderButton isSending={decisions.isSendingScrub} onSend={decisions.sendScrub} />
          )}
        </Flex>
      </Flex>
      <ScrubBanner scrub={data.scrub} />
      {notice && (
        <Alert
          type={notice.type}
          showIcon
          title={notice.text}
          closable={{ onClose: decisions.dismissNotice, 'aria-label': 'Dismiss' }}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap="middle">
            <SuggestionGroups
              groups={data.groups}
              isGroupingOn={isGroupingOn}
              context={context}
              onOpenEvidence={onOpenEvidence}
            />
            <AddressedList addressed={data.addressed} />
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap="middle">
            {renderAside?.(data)}
            <RiskScoreCard risk={data.risk} />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
