import { PlusOutlined } from '@ant-design/icons';
import type { IdentityProviderSummary, SsoProtocol } from '@cairn/contracts';
import { App, Button, Flex, Popconfirm, Switch, Table, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { formatDate } from '../../../../lib/dates';
import { useIdentityProviders } from '../../api/list-identity-providers';
import { useDeleteIdentityProvider, useSetIdentityProviderEnabled } from '../../api/save-identity-provider';
import { ssoSectionHref } from './sso-links';
import { TestSignInButton } from './test-sign-in';

export const PROTOCOL_LABELS: Record<SsoProtocol, string> = { oidc: 'OpenID Connect', saml: 'SAML 2.0' };

function domainsOf(provider: IdentityProviderSummary): string[] {
  return [...new Set([...(provider.emailDomain ? [provider.emailDomain] : []), ...provider.allowedEmailDomains])];
}

/** Enables or disables a provider from its row, saying what happened. */
function EnabledSwitch({ provider }: { provider: IdentityProviderSummary }) {
  const { message } = App.useApp();
  const setEnabled = useSetIdentityProviderEnabled();
  return (
    <Switch
      aria-label={`Enabled: ${provider.signInName}`}
      checked={provider.isEnabled}
      loading={setEnabled.isPending}
      onChange={(isEnabled) =>
        setEnabled.mutate(
          { providerId: provider.id, isEnabled },
          {
            onSuccess: () =>
              void message.success(
                `${provider.signInName} is ${isEnabled ? 'enabled' : 'disabled: the login page no longer offers it'}.`,
              ),
            onError: () => void message.error(`${provider.signInName} could not be changed.`),
          },
        )
      }
    />
  );
}

function DeleteButton({ provider }: { provider: IdentityProviderSummary }) {
  const { message } = App.useApp();
  const remove = useDeleteIdentityProvider();
  return (
    <Popconfirm
      title={`Delete ${provider.signInName}?`}
      description="Its users can no longer sign in through it: another provider of their email domain finds them by email."
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={() => {
        // Said once the mutation settles, even though the row is gone by then.
        void remove.mutateAsync(provider.id).then(
          () => void message.success(`${provider.signInName} is deleted.`),
          () => void message.error(`${provider.signInName} could not be deleted.`),
        );
      }}
    >
      <Button danger loading={remove.isPending} aria-label={`Delete ${provider.signInName}`}>
        Delete
      </Button>
    </Popconfirm>
  );
}

/**
 * The organisation's identity providers: name, protocol, whether each is enabled, its email domains
 * and its last sign-in; each edited, tested, enabled or disabled, or deleted from its row.
 */
export function IdentityProviderList() {
  const providers = useIdentityProviders();
  const navigate = useNavigate();
  if (providers.isPending) return <LoadingState label="Loading the identity providers" />;
  if (providers.isError) {
    return <ErrorState title="The identity providers could not be loaded." onRetry={() => void providers.refetch()} />;
  }
  return (
    <section aria-labelledby="sso-providers-title">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} id="sso-providers-title" style={{ margin: 0 }}>
          Identity providers
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => void navigate(ssoSectionHref({ provider: 'new' }))}
        >
          Add identity provider
        </Button>
      </Flex>
      <Typography.Paragraph style={{ marginTop: 8 }}>
        Users sign in through any enabled provider: the login page offers “Sign in with” each, and an email is routed to
        the provider of its domain. Users without one sign in with their Cairn password.
      </Typography.Paragraph>
      <Table<IdentityProviderSummary>
        aria-label="Identity providers"
        rowKey="id"
        pagination={false}
        dataSource={providers.data}
        locale={{
          emptyText: (
            <EmptyState description="Single sign-on is not set up: users sign in with their Cairn password." compact />
          ),
        }}
        columns={[
          {
            title: 'Name',
            render: (_value, provider) => (
              <Flex vertical gap={2}>
                <Link to={ssoSectionHref({ provider: provider.id })}>{provider.signInName}</Link>
                <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                  {provider.issuer}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: 'Protocol', render: (_value, provider) => PROTOCOL_LABELS[provider.protocol] },
          { title: 'Enabled', render: (_value, provider) => <EnabledSwitch provider={provider} /> },
          {
            title: 'Email domains',
            render: (_value, provider) => {
              const domains = domainsOf(provider);
              return domains.length === 0 ? (
                <Typography.Text type="secondary">Any</Typography.Text>
              ) : (
                <Flex gap={4} wrap>
                  {domains.map((domain) => (
                    <Tag key={domain}>{domain}</Tag>
                  ))}
                </Flex>
              );
            },
          },
          {
            title: 'Last sign-in',
            render: (_value, provider) =>
              provider.lastSignInAt ? (
                `${formatDate(provider.lastSignInAt, 'date')} ${formatDate(provider.lastSignInAt, 'time')}`
              ) : (
                <Typography.Text type="secondary">Never</Typography.Text>
              ),
          },
          {
            title: 'Actions',
            render: (_value, provider) => (
              <Flex gap={8} wrap>
                <Link to={ssoSectionHref({ provider: provider.id })} aria-label={`Edit ${provider.signInName}`}>
                  Edit
                </Link>
                <TestSignInButton providerId={provider.id} name={provider.signInName} />
                <DeleteButton provider={provider} />
              </Flex>
            ),
          },
        ]}
      />
    </section>
  );
}
