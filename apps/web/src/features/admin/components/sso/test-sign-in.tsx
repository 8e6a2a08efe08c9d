import type { SsoProtocol, SsoTestResult } from '@cairn/contracts';
import { Alert, Button, Descriptions, Flex, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { readTestSignInResult, startTestSignIn, testSignInStartUrl } from '../../api/start-test-sign-in';

/** The words for what the provider sends: OpenID Connect's claims, or a SAML assertion's attributes. */
const WORDING: Record<SsoProtocol, { plural: string; singular: string }> = {
  oidc: { plural: 'claims', singular: 'Claim' },
  saml: { plural: 'attributes', singular: 'Attribute' },
};

/** What the provider sent and how the mapping read it; no session was created. */
function TestSignInReport({ result }: { result: SsoTestResult }) {
  const { protocol } = result.provider;
  const { plural, singular } = WORDING[protocol];
  const claims = Object.entries(result.claims).map(([name, value]) => ({
    name,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
  return (
    <Flex vertical gap="middle">
      <Alert
        type={result.isEmailDomainAllowed ? 'success' : 'warning'}
        showIcon
        title={
          result.isEmailDomainAllowed
            ? `The provider signed in ${result.mapped.email ?? 'a user with no email'}; they may sign in to Cairn.`
            : `The provider signed in ${result.mapped.email ?? 'a user with no email'}, whose email is not in an allowed domain: Cairn would refuse them.`
        }
        description={
          result.existingUsername
            ? `They would sign in as the Cairn user ${result.existingUsername}. No session was created.`
            : 'A Cairn user would be created at their first sign-in. No session or user was created.'
        }
      />
      <Descriptions
        title={`How the ${plural} mapped`}
        column={1}
        size="small"
        bordered
        items={[
          { key: 'username', label: 'Username', children: result.mapped.username ?? '(none)' },
          { key: 'email', label: 'Email', children: result.mapped.email ?? '(none)' },
          { key: 'firstName', label: 'First name', children: result.mapped.firstName ?? '(none)' },
          { key: 'lastName', label: 'Last name', children: result.mapped.lastName ?? '(none)' },
          { key: 'groups', label: 'Groups', children: result.mapped.groups.join(', ') || '(none)' },
        ]}
      />
      <Table
        aria-label={`${singular}s received`}
        title={() => `${singular}s received`}
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={claims}
        columns={[
          {
            title: singular,
            dataIndex: 'name',
            render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
          },
          { title: 'Value', dataIndex: 'value' },
        ]}
      />
      {protocol === 'saml' && (
        <Typography.Text type="secondary">
          nameID and nameIDFormat are the assertion&apos;s subject; the other rows are its attributes.
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Opens a new tab that runs a Test sign-in of the provider and comes back with its report. */
export function TestSignInButton({ providerId, name }: { providerId: string; name?: string }) {
  return (
    <Button
      aria-label={name ? `Test sign-in with ${name}` : undefined}
      onClick={() => window.open(testSignInStartUrl(providerId), '_blank', 'noopener')}
    >
      Test sign-in
    </Button>
  );
}

/**
 * "Test sign-in" in its own tab: `?test=start&provider=` starts it (the browser leaves for the provider),
 * `?test=result` shows what the provider sent and how it mapped. Decision: it never creates a session
 * or a user (the server marks the sign-in as a test when it starts it), so an administrator can test
 * any account safely.
 */
export function TestSignInPanel({ mode, providerId }: { mode: string | null; providerId: string | null }) {
  const [failure, setFailure] = useState<string>();
  const isStarted = useRef(false);
  useEffect(() => {
    if (mode !== 'start' || isStarted.current || !providerId) return;
    isStarted.current = true;
    startTestSignIn(providerId).catch(() =>
      setFailure('The test sign-in could not start. Save the provider and try again.'),
    );
  }, [mode, providerId]);
  const shownFailure = mode === 'start' && !providerId ? 'Choose the identity provider to test in the list.' : failure;
  const result = mode === 'result' ? readTestSignInResult() : undefined;
  if (mode !== 'start' && !result) return null;

  return (
    <section aria-labelledby="sso-test-title">
      <Typography.Title level={3} id="sso-test-title">
        {result ? `Test sign-in with ${result.provider.name}` : 'Test sign-in'}
      </Typography.Title>
      <Flex vertical gap="middle">
        {mode === 'start' && !shownFailure && <Alert type="info" showIcon title="Opening the identity provider…" />}
        {shownFailure && <Alert type="error" showIcon title={shownFailure} />}
        {result && <TestSignInReport result={result} />}
      </Flex>
    </section>
  );
}
