import type { DxEvidence } from '@cairn/contracts';
import { Drawer } from 'antd';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { LabTrendModal, type TrendSubject } from '../../../features/clinical-summary/components/lab-trend-modal';
import { DocumentViewer } from '../../../features/documents/components/document-viewer';
import { searchWords } from '../../../features/documents/utils/highlight';

/**
 * Where a piece of evidence opens, the same way from every tab (the Dx tab's suggestions, the Quality
 * tab's care gaps): a document at its snippet in a drawer, or a result's trend in a modal.
 */
export type OpenSource =
  { kind: 'document'; documentId: string; highlight: string } | { kind: 'lab'; subject: TrendSubject };

/** The source an evidence link opens, named by what the evidence says of itself; none for `none`. */
export function sourceOfLink(
  link: DxEvidence['link'],
  facts: { display: string | undefined; unit: string | undefined },
): OpenSource | undefined {
  switch (link.kind) {
    case 'document':
      return { kind: 'document', documentId: link.documentId, highlight: link.highlight };
    case 'lab':
      return {
        kind: 'lab',
        subject: { loinc: link.code, display: facts.display ?? link.code, unit: facts.unit ?? null },
      };
    case 'none':
      return undefined;
  }
}

/** The open source: the document drawer or the lab trend modal, closed by `onClose`. */
export function EvidenceSourceViewer({
  patientId,
  source,
  onClose,
}: {
  patientId: string;
  source: OpenSource | undefined;
  onClose: () => void;
}) {
  return (
    <>
      <Drawer
        title="Document"
        open={source?.kind === 'document'}
        onClose={onClose}
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
        onClose={onClose}
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
