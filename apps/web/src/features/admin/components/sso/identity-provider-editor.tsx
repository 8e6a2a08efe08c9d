import { ArrowLeftOutlined } from '@ant-design/icons';
import type { IdentityProviderRegistration, SsoProtocol } from '@cairn/contracts';
import { App, Descriptions, Flex, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { isApiError } from '../../../../lib/api-error';
import { useIdentityProvider } from '../../api/get-identity-provider';
import { usePreparedIdentityProvider } from '../../api/prepare-identity-provider';
import { useSaveIdentityProvider } from '../../api/save-identity-provider';
import { IdentityProviderForm } from './identity-provider-form';
import { ProviderRegistration } from './provider-registration';
import { ssoSectionHref } from './sso-links';
import { TestSignInButton } from './test-sign-in';

function BackToList() {
  return (
    <Link to={ssoSectionHref()}>
      <ArrowLeftOutlined aria-hidden /> All identity providers
    </Link>
  );
}

function Copyable({ text }: { text: string }) {
  return <Typography.Text copyable={{ text, tooltips: ['Copy', 'Copied'] }}>{text}</Typography.Text>;
}

/** What a new provider's IdP registers for Cairn, before the provider is saved: its URLs are its own. */
function PreparedRegistration({
  registration,
  protocol,
}: {
  registration: IdentityProviderRegistration;
  protocol: SsoProtocol;
}) {
  const { serviceProvider } = registration;
  const items =
    protocol === 'saml'
      ? [
          { key: 'entityId', label: 'SP entity ID (audience)', children: <Copyable text={serviceProvider.entityId} /> },
          {
            key: 'acs',
            label: 'Assertion consumer service URL (HTTP-POST)',
            children: <Copyable text={serviceProvider.acsUrl} />,
          },
          {
            key: 'metadata',
            label: "Cairn's SP metadata URL",
            children: <Copyable text={serviceProvider.metadataUrl} />,
          },
        ]
      : [
          { key: 'redirect', label: 'Redirect URI', children: <Copyable text={registration.redirectUri} /> },
          {
            key: 'logout',
            label: 'Post-logout redirect URI',
            children: <Copyable text={registration.postLogoutRedirectUri} />,
          },
        ];
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      title="Register at the identity provider"
      items={items}
      style={{ marginBottom: 24 }}
    />
  );
}

/** A new identity provider: what to register at it for Cairn, then its settings. */
export function NewIdentityProvider() {
  const prepared = usePreparedIdentityProvider();
  const save = useSaveIdentityProvider();
  const navigate = useNavigate();
  const { message } = App.useApp();
  if (prepared.isPending) return <LoadingState label="Preparing the new identity provider" />;
  if (prepared.isError) {
    return (
      <ErrorState title="The new identity provider could not be prepared." onRetry={() => void prepared.refetch()} />
    );
  }
  const { providerId, registration } = prepared.data;
  return (
    <section aria-labelledby="sso-provider-title">
      <BackToList />
      <Typography.Title level={3} id="sso-provider-title">
        New identity provider
      </Typography.Title>
      <Typography.Paragraph>
        Register Cairn at your OpenID Connect or SAML 2.0 identity provider with the URLs below, then enter its issuer
        and Cairn&apos;s client (OpenID Connect) or its metadata (SAML).
      </Typography.Paragraph>
      <IdentityProviderForm
        provider={null}
        isSaving={save.isPending}
        registration={(protocol) => <PreparedRegistration registration={registration} protocol={protocol} />}
        onSubmit={async (settings, isEnabled) => {
          const saved = await save.mutateAsync({ isNew: true, body: { ...settings, providerId, isEnabled } });
          void message.success(`${saved.signInName} is added.`);
          await navigate(ssoSectionHref({ provider: saved.id }));
        }}
      />
    </section>
  );
}

/** One identity provider: what is registered at it, its Test sign-in, and its settings. */
export function IdentityProviderDetails({ providerId }: { providerId: string }) {
  const provider = useIdentityProvider(providerId);
  const save = useSaveIdentityProvider();
  const { message } = App.useApp();
  if (provider.isPending) return <LoadingState label="Loading the identity provider" />;
  if (provider.isError) {
    const isMissing = isApiError(provider.error) && provider.error.code === 'NOT_FOUND';
    return (
      <Flex vertical gap="middle">
        <BackToList />
        <ErrorState
          title={isMissing ? 'There is no such identity provider.' : 'The identity provider could not be loaded.'}
          onRetry={isMissing ? undefined : () => void provider.refetch()}
        />
      </Flex>
    );
  }
  const current = provider.data;
  return (
    <section aria-labelledby="sso-provider-title">
      <Flex vertical gap="large">
        <BackToList />
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={3} id="sso-provider-title" style={{ margin: 0 }}>
            {current.signInName}
          </Typography.Title>
          <TestSignInButton providerId={current.id} />
        </Flex>
        <ProviderRegistration provider={current} />
        <IdentityProviderForm
          key={`${current.id}-${current.protocol}`}
          provider={current}
          isSaving={save.isPending}
          onSubmit={async (settings, isEnabled) => {
            const saved = await save.mutateAsync({
              isNew: false,
              body: { ...settings, providerId: current.id, isEnabled },
            });
            void message.success(`${saved.signInName} is saved.`);
          }}
        />
      </Flex>
    </section>
  );
}
