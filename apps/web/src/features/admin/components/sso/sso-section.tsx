import type { IdentityProvider } from '@cairn/contracts';
import { App, Button, Descriptions, Flex, Popconfirm, Typography } from 'antd';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { useIdentityProvider } from '../../api/get-identity-provider';
import { useDeleteIdentityProvider } from '../../api/save-identity-provider';
import { IdentityProviderForm } from './identity-provider-form';
import { TestSignIn } from './test-sign-in';

/** What the IdP's administrator registers for Cairn's client. */
function ProviderRegistration({ provider }: { provider: IdentityProvider }) {
  const copyable = (text: string) => ({ text, tooltips: ['Copy', 'Copied'] });
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      title="Register at the identity provider"
      items={[
        {
          key: 'redirect',
          label: 'Redirect URI',
          children: <Typography.Text copyable={copyable(provider.redirectUri)}>{provider.redirectUri}</Typography.Text>,
        },
        {
          key: 'logout',
          label: 'Post-logout redirect URI',
          children: (
            <Typography.Text copyable={copyable(provider.postLogoutRedirectUri)}>
              {provider.postLogoutRedirectUri}
            </Typography.Text>
          ),
        },
        { key: 'name', label: 'The login page says', children: `Sign in with ${provider.signInName}` },
      ]}
    />
  );
}

/**
 * The admin tool's Single sign-on section (issue 17 item 4): the organisation's OpenID Connect
 * identity provider, set up, changed, tested or removed. Administrators only (the server refuses others).
 */
export default function SsoSection() {
  const provider = useIdentityProvider();
  const remove = useDeleteIdentityProvider();
  const { message } = App.useApp();

  if (provider.isPending) return <LoadingState label="Loading the identity provider" />;
  if (provider.isError) {
    return <ErrorState title="The identity provider could not be loaded." onRetry={() => void provider.refetch()} />;
  }
  const current = provider.data;
  return (
    <Flex vertical gap="large">
      {current ? (
        <>
          <ProviderRegistration provider={current} />
          <TestSignIn />
          <Flex gap={8}>
            <Popconfirm
              title="Remove single sign-on?"
              description="Users of the organisation will sign in with a password only."
              okText="Remove"
              onConfirm={() => {
                void remove.mutateAsync().then(
                  () => void message.success('Single sign-on is removed.'),
                  () => void message.error('The identity provider could not be removed.'),
                );
              }}
            >
              <Button danger loading={remove.isPending}>
                Remove single sign-on
              </Button>
            </Popconfirm>
          </Flex>
        </>
      ) : (
        <Typography.Paragraph>
          Single sign-on is not set up: users sign in with their Cairn password. Register Cairn at your OpenID Connect
          identity provider, then enter its issuer and Cairn&apos;s client below.
        </Typography.Paragraph>
      )}
      <section aria-labelledby="sso-provider-title">
        <Typography.Title level={3} id="sso-provider-title">
          Identity provider
        </Typography.Title>
        <IdentityProviderForm
          key={current ? 'set' : 'new'}
          provider={current}
          onSaved={() => void message.success('The identity provider is saved.')}
        />
      </section>
    </Flex>
  );
}
