import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isOverlayPath, qualityPatientViewHref } from '../../../config/paths';
import { canUseApp, useAccess } from '../../../lib/access';
import { qualityInsightsKey, QualityInsightsTab } from '../../../features/quality-insights';
import { useInvalidateOnVisitEvents } from '../../../features/realtime/use-visit-events';
import { EvidenceSourceViewer, sourceOfLink, type OpenSource } from './evidence-source';
import type { PortraitTabProps } from './portrait-preload';

/**
 * The Quality Insights tab of the portrait (spec §3 tab `quality`, flag clinicalAlerts; issue 19): the
 * quality-insights feature with the document viewer and the lab trend, which open a gap's evidence as
 * the Dx tab opens a suggestion's, and a link to the full page (/quality-tab) for users of the quality app.
 */
export function QualityInsightsTabPage({ patientId, appointmentId }: PortraitTabProps) {
  const [source, setSource] = useState<OpenSource>();
  const { pathname } = useLocation();
  const access = useAccess();
  // Another person's mark at this visit, or the cart's write of the marks, appears without a reload.
  useInvalidateOnVisitEvents(appointmentId, [qualityInsightsKey(patientId, appointmentId)]);
  const fullPage =
    !isOverlayPath(pathname) && canUseApp('quality', access) ? (
      <Link to={qualityPatientViewHref({ cairnPatientId: patientId, cairnAppointmentId: appointmentId })}>
        Open the quality patient view
      </Link>
    ) : undefined;
  return (
    <>
      <QualityInsightsTab
        key={`${patientId}/${appointmentId ?? ''}`}
        patientId={patientId}
        sid={appointmentId}
        onOpenEvidence={(evidence) =>
          setSource(sourceOfLink(evidence.link, { display: evidence.description, unit: evidence.unit }))
        }
        extra={fullPage}
      />
      <EvidenceSourceViewer patientId={patientId} source={source} onClose={() => setSource(undefined)} />
    </>
  );
}
