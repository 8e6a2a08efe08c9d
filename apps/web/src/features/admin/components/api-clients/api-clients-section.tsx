import { Flex, Tag, Typography } from 'antd';
import { decodeToken } from '../../../../lib/jwt';
import { useSession } from '../../../../lib/session';
import { useCreateApiClientToken } from '../../api/create-api-client-token';
import { useApiClientTokens } from '../../api/list-api-client-tokens';
import { useRevokeApiClientToken } from '../../api/revoke-api-client-token';
import { BearerTokens } from '../bearer-tokens/bearer-tokens';

const SCOPE_NAMES: Record<string, string> = { 'quality-gaps.read': 'Read care gaps (FHIR)' };

/** The organisation's id, as the access token names it (`org`): the `organization` the operation takes. */
function organisationIdOf(token: string | undefined): string {
  try {
    const { org } = decodeToken<{ org?: unknown }>(token ?? '');
    return typeof org === 'string' ? org : '<organisation id>';
  } catch {
    return '<organisation id>';
  }
}

/**
 * The admin tool's API clients section (issue 19): what another system (a payer) needs to read the
 * organisation's care gaps as FHIR (the base URL, the operation, a token), and the tokens.
 */
export default function ApiClientsSection() {
  const organization = `Organization/${organisationIdOf(useSession().token)}`;
  const fhirBase = `${window.location.origin}/api/fhir`;
  const example = `${fhirBase}/Measure/$care-gaps?periodStart=2025-01-01&periodEnd=2025-12-31&organization=${organization}&status=open-gap`;
  return (
    <Flex vertical gap="large">
      <section aria-labelledby="api-clients-connection-title">
        <Typography.Title level={3} id="api-clients-connection-title">
          Connection
        </Typography.Title>
        <Typography.Paragraph>
          A payer or another system reads the organisation&apos;s care gaps as Da Vinci DEQM gaps-in-care reports with
          the FHIR operation <Typography.Text code>Measure/$care-gaps</Typography.Text>, sending a token made below as{' '}
          <Typography.Text code>Authorization: Bearer</Typography.Text>. Every patient it reads is in the audit log.
        </Typography.Paragraph>
        <Typography.Paragraph>
          FHIR base URL:{' '}
          <Typography.Text code copyable={{ text: fhirBase, tooltips: ['Copy base URL', 'Copied'] }}>
            {fhirBase}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>
          The organization:{' '}
          <Typography.Text code copyable={{ text: organization, tooltips: ['Copy organization', 'Copied'] }}>
            {organization}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          For example: <Typography.Text code>{example}</Typography.Text>
        </Typography.Paragraph>
      </section>
      <BearerTokens
        kind="API client"
        titleId="api-client-tokens-title"
        tokens={useApiClientTokens()}
        create={useCreateApiClientToken()}
        revoke={useRevokeApiClientToken()}
        labelExample="Acme Health Plan quality team"
        holder="The system"
        usage="Give it to the system as its bearer token. It reads the organisation's care gaps, nothing else."
        extraColumns={[
          {
            title: 'Can',
            render: (_value, token) =>
              token.scopes.map((scope) => <Tag key={scope}>{SCOPE_NAMES[scope] ?? scope}</Tag>),
          },
        ]}
      />
    </Flex>
  );
}
