import { useState } from 'react';
import { AddDiagnosisButton, CartPanel, NoteWizardButton } from '../../../features/cart';
import { dxCaptureDataKey, DxSummaryTab } from '../../../features/dx-summary';
import { useAllowedTabsIfAny } from '../../../features/portrait/hooks/use-allowed-tabs';
import { CareGapsInCart, qualityInsightsKey, useCareGapsToSend } from '../../../features/quality-insights';
import { useInvalidateOnVisitEvents } from '../../../features/realtime/use-visit-events';
import { EmptyState } from '../../../components/empty-state';
import { EvidenceSourceViewer, sourceOfLink, type OpenSource } from './evidence-source';

interface TabProps {
  patientId: string;
  appointmentId: string | undefined;
}

/**
 * The Diagnosis Summary tab of a visit (issue 7): the dx-summary feature composed with the cart's
 * widgets (and the care gaps marked addressed, which the cart writes with its diagnoses), the document
 * viewer and the lab trend modal, which open an evidence item's source.
 */
export function DxSummaryTabPage({ patientId, appointmentId }: TabProps) {
  const [source, setSource] = useState<OpenSource>();
  // The gaps marked on the Quality Insights tab go with the cart: shown beside it when that tab is the user's.
  const showsCareGaps = useAllowedTabsIfAny()?.some((tab) => tab.key === 'Quality') ?? false;
  const careGapsToSend = useCareGapsToSend(patientId, appointmentId, showsCareGaps);
  // Issue 7 item 7: another person's decision, a coder's scrub or a push result appears without a reload.
  useInvalidateOnVisitEvents(
    appointmentId,
    appointmentId ? [dxCaptureDataKey(appointmentId), qualityInsightsKey(patientId, appointmentId)] : [],
  );
  // Suggestions and decisions belong to a visit: a portrait opened without one has none to show.
  if (!appointmentId) {
    return <EmptyState description="Open the patient from a visit to see its diagnosis suggestions" />;
  }
  return (
    <>
      <DxSummaryTab
        key={appointmentId}
        sid={appointmentId}
        onOpenEvidence={(evidence) =>
          setSource(sourceOfLink(evidence.link, { display: evidence.text, unit: evidence.unit }))
        }
        renderToolbar={(data) => (
          <>
            <AddDiagnosisButton sid={appointmentId} data={data} />
            <NoteWizardButton sid={appointmentId} data={data} />
          </>
        )}
        renderAside={(data) => (
          <>
            <CartPanel sid={appointmentId} data={data} othersToSend={careGapsToSend} />
            {showsCareGaps && <CareGapsInCart patientId={patientId} sid={appointmentId} />}
          </>
        )}
      />
      <EvidenceSourceViewer patientId={patientId} source={source} onClose={() => setSource(undefined)} />
    </>
  );
}
