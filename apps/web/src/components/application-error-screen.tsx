import { Button, Result, Typography } from 'antd';
import { useState } from 'react';

export interface ApplicationErrorScreenProps {
  error: unknown;
  title?: string;
  onReload?: () => void;
}

/**
 * Spec §2: the error's title and message, 'Reload page', and details (message, stack, browser user
 * agent) in a 300 px box that opens on double click.
 */
export function ApplicationErrorScreen({
  error,
  title = 'Something went wrong',
  onReload = () => window.location.reload(),
}: ApplicationErrorScreenProps) {
  const [isOpen, setIsOpen] = useState(false);
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  return (
    <Result
      status="error"
      title={title}
      subTitle={message}
      extra={
        <>
          <Button type="primary" onClick={onReload}>
            Reload page
          </Button>
          <div
            role="button"
            tabIndex={0}
            aria-expanded={isOpen}
            aria-label="Error details (double click to open)"
            onDoubleClick={() => setIsOpen((open) => !open)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setIsOpen((open) => !open);
            }}
            style={{ marginTop: 24, cursor: 'pointer', textAlign: 'left', maxWidth: 720, marginInline: 'auto' }}
          >
            <Typography.Text type="secondary">Details</Typography.Text>
            {isOpen && (
              <pre
                data-testid="error-details"
                style={{
                  height: 300,
                  overflow: 'auto',
                  background: '#f5f5f5',
                  padding: 12,
                  borderRadius: 6,
                  fontSize: 12,
                }}
              >
                {`${message}\n\n${stack}\n\n${navigator.userAgent}`}
              </pre>
            )}
          </div>
        </>
      }
    />
  );
}
