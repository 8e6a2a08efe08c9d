import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { MAX_PDF_WIDTH_RATIO } from '../../../config/constants';
import { useElementWidth } from '../hooks/use-element-width';
import { markWordsInPdfText } from '../utils/mark-html';
import { useWindowWidth } from '../hooks/use-window-width';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';

// The worker is bundled by Vite and served from our own origin: the CSP allows no CDN (react-pdf asks
// for this to be set in the module that renders its components).
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** pdf.js would probe `eval` (a CSP violation under script-src 'self'); it renders without it. */
const PDF_OPTIONS = { isEvalSupported: false };

const loading = <LoadingState label="Loading the PDF" rows={8} />;
const failed = <ErrorState title="The PDF could not be shown." />;

/**
 * A PDF original, one page at a time, as wide as its panel but at most half the window (spec §9), the
 * search words marked in its text layer.
 */
export function PdfView({ url, words = [] }: { url: string; words?: readonly string[] }) {
  const [pageCount, setPageCount] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
  const [panelRef, panelWidth] = useElementWidth();
  const halfWindow = useWindowWidth() * MAX_PDF_WIDTH_RATIO;
  const width = Math.floor(Math.min(halfWindow, panelWidth ?? halfWindow));
  const markText = useCallback(({ str }: { str: string }) => markWordsInPdfText(str, words), [words]);
  return (
    <Flex ref={panelRef} vertical gap="small" align="flex-start" style={{ width: '100%' }}>
      <Document
        file={url}
        options={PDF_OPTIONS}
        loading={loading}
        error={failed}
        onLoadSuccess={({ numPages }) => {
          setPageCount(numPages);
          setPageNumber(1);
        }}
      >
        <Page
          pageNumber={pageNumber}
          width={width}
          loading={loading}
          {...(words.length > 0 ? { customTextRenderer: markText } : {})}
        />
      </Document>
      {pageCount > 1 && (
        <Flex gap="small" align="center" role="navigation" aria-label="PDF pages">
          <Button
            icon={<LeftOutlined aria-hidden />}
            aria-label="Previous page"
            disabled={pageNumber <= 1}
            onClick={() => setPageNumber((page) => page - 1)}
          />
          <Typography.Text>
            Page {pageNumber} of {pageCount}
          </Typography.Text>
          <Button
            icon={<RightOutlined aria-hidden />}
            aria-label="Next page"
            disabled={pageNumber >= pageCount}
            onClick={() => setPageNumber((page) => page + 1)}
          />
        </Flex>
      )}
    </Flex>
  );
}
