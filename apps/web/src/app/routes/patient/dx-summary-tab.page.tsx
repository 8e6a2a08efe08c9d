import type { DxEvidence } from '@cairn/contracts';
import { Drawer } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AddDiagnosisButton, CartPanel, NoteWizardButton } from '../../../features/cart';
import { LabTrendModal, type TrendSubject } from '../../../features/clinical-summary/components/lab-trend-modal';
import { DocumentViewer } from '../../../features/documents/components/document-viewer';
import { searchWords } from '../../../features/documents/utils/highlight';
import { dxCaptureDataKey, DxSummaryTab } from '../../../features/dx-summary';
import { useInvalidateOnVisitEvents } from '../../../features/realtime/use-visit-events';
import { EmptyState } from '../../../components/empty-state';

interface TabProps {
  patientId: string;
  appointmentId: string | undefined;
}

/** An evidence item's source, open beside the list. */
type OpenSource = { kind: 'document'; documentId: string; highlight: string } | { kind: 'lab'; subject: TrendSubject };

function sourceOf(evidence: DxEvidence): OpenSource | undefined {
  const { link } = evidence;
  switch (link.kind) {
    case 'document':
      return { kind: 'document', documentId: link.documentId, highlight: link.highlight };
    case 'lab':
      return {
        kind: 'lab',
        subject: { loinc: link.code, display: evidence.text ?? link.code, unit: evidence.unit ?? null },
      };
    case 'none':
      return undefined;
  }
}

/**
 * The Diagnosis Summary tab of a visit (issue 7): the dx-summary feature composed with the cart's
 * widgets, the document viewer and the lab trend modal, which open an evidence item's source.
 */
export function DxSummaryTabPage({ patientId, appointmentId }: TabProps) {
  const [source, setSource] = useState<OpenSource>();
  // Issue 7 item 7: another person's decision, a coder's scrub or a push result appears without a reload.
  useInvalidateOnVisitEvents(appointmentId, appointmentId ? [dxCaptureDataKey(appointmentId)] : []);
  // Suggestions and decisions belong to a visit: a portrait opened without one has none to show.
  if (!appointmentId) {
    return <EmptyState description="Open the patient from a visit to see its diagnosis suggestions" />;
  }
  return (
    <>
      <DxSummaryTab
        key={appointmentId}
        sid={appointmentId}
        onOpenEvidence={(evidence) => setSource(sourceOf(evidence))}
        renderToolbar={(data) => (
          <>
            <AddDiagnosisButton sid={appointmentId} data={data} />
            <NoteWizardButton sid={appointmentId} data={data} />
          </>
        )}
        renderAside={(data) => <CartPanel sid={appointmentId} data={data} />}
      />
      <Drawer
        title="Document"
        open={source?.kind === 'document'}
        onClose={() => setSource(undefined)}
        size="min(720px, 100vw)"
        destroyOnHidden
      >
        {source?.kind === 'document' && (
          <DocumentAtSnippet key={source.documentId} documentId={source.documentId} highlight={source.highlight} />
        )}
      </Drawer>
      <LabTrendModal
        patientId={patientId}
        subject={source?.kind === 'lab' ? source.subject : undefined}
        onClose={() => setSource(undefined)}
      />
    </>
  );
}

/** The document with the evidence's words marked, scrolled to the first of them once it has loaded. */
function DocumentAtSnippet({ documentId, highlight }: { documentId: string; highlight: string }) {
  const words = useMemo(() => searchWords(highlight), [highlight]);
  return (
    <ScrollToFirstMark>
      <DocumentViewer documentId={documentId} searchWords={words} />
    </ScrollToFirstMark>
  );
}

function ScrollToFirstMark({ children }: { children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    // The document arrives after the drawer opens: wait for its first mark, then scroll to it once.
    const scrollToMark = (): boolean => {
      const mark = element.querySelector('mark');
      mark?.scrollIntoView({ block: 'center' });
      return mark !== null;
    };
    if (scrollToMark()) return undefined;
    const observer = new MutationObserver(() => {
      if (scrollToMark()) observer.disconnect();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return <div ref={container}>{children}</div>;
}
