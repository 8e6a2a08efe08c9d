import { Result, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Leaves Cairn for an external page (an EHR add-on's store page). The target comes only from Cairn's
 * own navigation state, never from the address bar, so the page cannot be used as an open redirect.
 */
export default function ExternalRedirectPage() {
  const state = useLocation().state as { to?: string } | null;
  const target = state?.to && /^https:\/\//.test(state.to) ? state.to : undefined;

  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);

  if (!target) {
    return (
      <Result
        status="warning"
        title="Nowhere to go"
        subTitle="This link does not lead anywhere. Please check the address."
      />
    );
  }
  return (
    <Result
      status="info"
      title="Redirecting…"
      subTitle={
        <>
          You are leaving Cairn for <Typography.Link href={target}>{new URL(target).host}</Typography.Link>.
        </>
      }
    />
  );
}
