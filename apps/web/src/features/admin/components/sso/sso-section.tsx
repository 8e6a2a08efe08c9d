import { App, Button, Flex, Popconfirm, Typography } from 'antd';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { useIdentityProvider } from '../../api/get-identity-provider';
import { useDeleteIdentityProvider } from '../../api/save-identity-provider';
import { IdentityProviderForm } from './identity-provider-form';
import { ProviderRegistration } from './provider-registration';
import { TestSignIn } from './test-sign-in';

/**
 * The admin tool's Single sign-on section (issue 17 item 4): the organisation's identity provider
 * (OpenID Connect or SAML 2.0), set up, changed, tested or removed. Administrators only (the server refuses others).
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
          <TestSignIn protocol={current.protocol} />
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
          or SAML 2.0 identity provider, then enter its issuer and Cairn&apos;s client (OpenID Connect) or its metadata
          (SAML) below.
        </Typography.Paragraph>
      )}
      <section aria-labelledby="sso-provider-title">
        <Typography.Title level={3} id="sso-provider-title">
          Identity provider
        </Typography.Title>
        <IdentityProviderForm
          key={current ? `set-${current.protocol}` : 'new'}
          provider={current}
          onSaved={() => void message.success('The identity provider is saved.')}
        />
      </section>
    </Flex>
  );
}
