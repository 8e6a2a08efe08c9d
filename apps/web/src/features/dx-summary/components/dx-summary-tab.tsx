import type { DxCaptureData } from '@cairn/contracts';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Flex, Spin, Switch, Typography } from 'antd';
import { useLayoutEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { usePageTiming } from '../../../lib/page-timing';
import { useMediaQuery } from '../../../lib/use-media-query';
import { hasPermission, useSession } from '../../../lib/session';
import { useDxCaptureData } from '../api/get-dx-capture-data';
import { useDecisions } from '../hooks/use-decisions';
import { AddressedList } from './addressed-list';
import { PartnerNotes } from './partner-notes';
import type { DecisionContext } from './decision-controls';
import type { OnOpenEvidence } from './evidence-list';
import { RiskScoreCard } from './risk-score-card';
import { ScrubBanner, SendToProviderButton } from './scrub-controls';
import { SuggestionGroups } from './suggestion-groups';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { TabActions } from '../../../components/tab-actions';

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
 * The Diagnosis Summary tab (issue 7 items 1, 2, 5, 8; issue 16 item 1): the visit's suggestions as
 * compact rows with their evidence and decisions, the diagnoses already addressed this year, and the
 * cart with the risk score in a side panel, or a click away in a narrow window (the overlay).
 */
export function DxSummaryTab({ sid, onOpenEvidence, renderToolbar, renderAside }: DxSummaryTabProps) {
  const [isGroupingOn, setIsGroupingOn] = useState(true);
  const summary = useDxCaptureData(sid, isGroupingOn);
  usePageTiming('portrait', summary.isSuccess, 'dx-summary');
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

/** Issue 16 item 1: from this width the cart is a side panel in view; below it, one click away. */
export const SIDE_PANEL_MIN_WINDOW = '(min-width: 1024px)';

/** Spec §9: the side panel is at least 35 % wide and at most 615 px; it stays in view as the list scrolls. */
const SIDE_PANEL_STYLE: CSSProperties = {
  flex: '0 0 35%',
  maxWidth: 615,
  minWidth: 0,
  position: 'sticky',
  top: 8,
  alignSelf: 'flex-start',
  overflowY: 'auto',
};

/** The page's padding under the panel. */
const WINDOW_MARGIN = 24;

/**
 * Ends the side panel at the window's bottom (it scrolls within), so that the panel never makes the
 * page taller than the suggestions do: a visit that fits the window is read without scrolling.
 */
function useEndAtWindowBottom(): [(element: HTMLElement | null) => void, string | undefined] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [maxHeight, setMaxHeight] = useState<string>();
  useLayoutEffect(() => {
    const row = element?.parentElement;
    if (!row) return undefined;
    const fit = () => {
      const top = row.getBoundingClientRect().top + window.scrollY;
      setMaxHeight(`calc(100vh - ${String(Math.round(top) + WINDOW_MARGIN)}px)`);
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [element]);
  return [setElement, maxHeight];
}

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
  const isWide = useMediaQuery(SIDE_PANEL_MIN_WINDOW);
  const [isCartOpen, setIsCartOpen] = useState(false);
  const [setSidePanel, sidePanelHeight] = useEndAtWindowBottom();
  // View-only is a restriction: an admin's every-permission does not impose it (as the overlay decides).
  const canDecide = !hasPermission(session, 'view_only', true);
  const context: DecisionContext = { decisions, canDecide, postVisitCodes: data.postVisitUpdatedIcds };
  const { notice } = decisions;
  const aside = (
    <Flex vertical gap="middle">
      {renderAside?.(data)}
      <RiskScoreCard risk={data.risk} />
    </Flex>
  );
  // What is not a suggestion (a partner's recommendations, the diagnoses coded this year) sits beside
  // the suggestions on a wide screen, so that the visit's suggestions alone fill the column.
  const besideSuggestions = (
    <>
      <PartnerNotes sid={sid} notes={data.partnerNotes} canAct={canDecide} />
      <AddressedList addressed={data.addressed} />
    </>
  );
  const toolbar = (
    <Flex gap="small" align="center" justify="space-between" wrap>
      {header}
      <Flex gap="small" wrap>
        {renderToolbar?.(data)}
        {data.role === 'coder' && canDecide && (
          <SendToProviderButton isSending={decisions.isSendingScrub} onSend={decisions.sendScrub} />
        )}
        {!isWide && (
          <Button icon={<ShoppingCartOutlined aria-hidden />} onClick={() => setIsCartOpen(true)}>
            {`Cart (${String(data.cart.length)})`}
          </Button>
        )}
      </Flex>
    </Flex>
  );
  return (
    <Flex vertical gap="small">
      {isWide ? <TabActions>{toolbar}</TabActions> : toolbar}
      <ScrubBanner scrub={data.scrub} />
      {notice && (
        <Alert
          type={notice.type}
          showIcon
          title={notice.text}
          closable={{ onClose: decisions.dismissNotice, 'aria-label': 'Dismiss' }}
        />
      )}
      <Flex gap="middle" align="flex-start">
        <Flex vertical gap="small" style={{ flex: '1 1 0', minWidth: 0 }}>
          <SuggestionGroups
            groups={data.groups}
            isGroupingOn={isGroupingOn}
            context={context}
            onOpenEvidence={onOpenEvidence}
          />
          {!isWide && besideSuggestions}
        </Flex>
        {isWide && (
          <aside
            ref={setSidePanel}
            aria-label="Cart and risk score"
            style={{ ...SIDE_PANEL_STYLE, maxHeight: sidePanelHeight }}
          >
            <Flex vertical gap="middle">
              {aside}
              {besideSuggestions}
            </Flex>
          </aside>
        )}
      </Flex>
      {!isWide && (
        <Drawer
          title="Cart and risk score"
          open={isCartOpen}
          onClose={() => setIsCartOpen(false)}
          size="min(615px, 100vw)"
          closable={{ 'aria-label': 'Close the cart' }}
        >
          {aside}
        </Drawer>
      )}
    </Flex>
  );
}
