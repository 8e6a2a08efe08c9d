import { Alert, Result } from 'antd';
import type { ReactNode } from 'react';
import { getBrowserSupport } from '../lib/browser-support';

export interface GenericErrorScreenProps {
  title?: string;
  action?: ReactNode;
  userAgent?: string;
}

/**
 * Spec §2: 'Oops, Something Went Wrong' with the support message, an optional action, and an alert
 * saying whether the browser is supported (success), outdated (info) or unsupported (warning).
 */
export function GenericErrorScreen({
  title = 'Oops, Something Went Wrong',
  action,
  userAgent = navigator.userAgent,
}: GenericErrorScreenProps) {
  const support = getBrowserSupport(userAgent);
  return (
    <Result
      status="error"
      title={title}
      subTitle="Please try again later. If the problem continues, contact our support team for help."
      extra={
        <>
          {action}
          <Alert
            type={support.alertType}
            showIcon
            title={support.title}
            description={support.description}
            style={{ marginTop: 24, textAlign: 'left', maxWidth: 560, marginInline: 'auto' }}
            data-browser-status={support.status}
          />
        </>
      }
    />
  );
}
