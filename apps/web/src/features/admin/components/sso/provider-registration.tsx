import type { IdentityProvider, SamlProviderSettings } from '@cairn/contracts';
import { Alert, Descriptions, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { formatDate } from '../../../../lib/dates';

type SamlCertificate = SamlProviderSettings['certificates'][number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A signing certificate this close to its end is flagged: the IdP must roll it over in time. */
const EXPIRY_WARNING_DAYS = 30;

function Copyable({ text }: { text: string }) {
  return <Typography.Text copyable={{ text, tooltips: ['Copy', 'Copied'] }}>{text}</Typography.Text>;
}

const dateTime = (value: string): string => `${formatDate(value, 'date')} ${formatDate(value, 'time')}`;

/** A certificate's end: a warning from 30 days before, an error once past. */
function CertificateExpiry({ notAfter, now }: { notAfter: string; now: number }) {
  const daysLeft = Math.floor((Date.parse(notAfter) - now) / DAY_MS);
  const date = formatDate(notAfter, 'date');
  if (daysLeft < 0) return <Tag color="error">Expired on {date}</Tag>;
  if (daysLeft <= EXPIRY_WARNING_DAYS) {
    return (
      <Tag color="warning">{daysLeft === 0 ? `Expires today, ${date}` : `Expires in ${daysLeft} days, on ${date}`}</Tag>
    );
  }
  return <Typography.Text>Expires on {date}</Typography.Text>;
}

function Certificate({ certificate, now }: { certificate: SamlCertificate; now: number }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text>{certificate.subject}</Typography.Text>
      <Typography.Text type="secondary">
        SHA-256{' '}
        <Typography.Text code copyable={{ text: certificate.fingerprint, tooltips: ['Copy', 'Copied'] }}>
          {certificate.fingerprint}
        </Typography.Text>
      </Typography.Text>
      <CertificateExpiry notAfter={certificate.notAfter} now={now} />
    </Flex>
  );
}

/** What the IdP's administrator registers for Cairn as a SAML service provider, and what Cairn read of the IdP. */
function SamlRegistration({ provider, saml }: { provider: IdentityProvider; saml: SamlProviderSettings }) {
  const { serviceProvider } = saml;
  // When the panel opened: days left are counted from it, and stay put while it is shown.
  const [now] = useState(() => Date.now());
  const identityProviderItems: { key: string; label: string; children: ReactNode }[] = [
    { key: 'entityId', label: 'Entity ID', children: <Copyable text={provider.issuer} /> },
    { key: 'ssoUrl', label: 'Single sign-on URL', children: <Copyable text={saml.ssoUrl} /> },
    ...(saml.logoutUrl
      ? [{ key: 'logoutUrl', label: 'Logout URL', children: <Copyable text={saml.logoutUrl} /> }]
      : []),
    {
      key: 'metadata',
      label: 'Metadata',
      children: `${saml.metadataUrl ? `Read from ${saml.metadataUrl}` : 'Pasted XML'}, last read ${dateTime(saml.metadataReadAt)}`,
    },
    {
      key: 'certificates',
      label: 'Signing certificates',
      children:
        saml.certificates.length === 0 ? (
          'None'
        ) : (
          <Flex vertical gap="middle">
            {saml.certificates.map((certificate) => (
              <Certificate key={certificate.fingerprint} certificate={certificate} now={now} />
            ))}
          </Flex>
        ),
    },
  ];
  return (
    <Flex vertical gap="middle">
      <RegistrationList
        provider={provider}
        items={[
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
        ]}
      />
      <Alert
        type="info"
        role="note"
        showIcon
        title="Cairn requires signed assertions"
        description="Set the identity provider to sign each assertion; Cairn refuses an assertion that is unsigned or not signed with one of its signing certificates below."
      />
      <Descriptions
        column={1}
        size="small"
        bordered
        title="The identity provider, as Cairn read it"
        items={identityProviderItems}
      />
    </Flex>
  );
}

/** What the IdP's administrator registers for Cairn: its OpenID client's redirect URIs, or its SAML service provider. */
export function ProviderRegistration({ provider }: { provider: IdentityProvider }) {
  if (provider.protocol === 'saml' && provider.saml)
    return <SamlRegistration provider={provider} saml={provider.saml} />;
  return (
    <RegistrationList
      provider={provider}
      items={[
        { key: 'redirect', label: 'Redirect URI', children: <Copyable text={provider.redirectUri} /> },
        {
          key: 'logout',
          label: 'Post-logout redirect URI',
          children: <Copyable text={provider.postLogoutRedirectUri} />,
        },
      ]}
    />
  );
}

/** What the IdP's administrator enters for Cairn, then what the login page will offer. */
function RegistrationList({ provider, items }: { provider: IdentityProvider; items: DescriptionsProps['items'] }) {
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      title="Register at the identity provider"
      items={[
        ...(items ?? []),
        { key: 'name', label: 'The login page says', children: `Sign in with ${provider.signInName}` },
      ]}
    />
  );
}
