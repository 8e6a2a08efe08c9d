import { Flex, Typography } from 'antd';
import { ScimGroups } from './scim-groups';
import { ScimTokens } from './scim-tokens';

/**
 * The admin tool's Provisioning (SCIM) section (issue 17 item 7): what an IT administrator enters in
 * Okta or Entra ID (the base URL and a token), the tokens, and what each pushed group gives its members.
 */
export default function ScimSection() {
  const baseUrl = `${window.location.origin}/scim/v2`;
  return (
    <Flex vertical gap="large">
      <section aria-labelledby="scim-connection-title">
        <Typography.Title level={3} id="scim-connection-title">
          Connection
        </Typography.Title>
        <Typography.Paragraph>
          In Okta or Microsoft Entra ID, provision the Cairn app with SCIM 2.0 at this base URL, with a token made below
          as its bearer token. Users sign in through the organisation&apos;s single sign-on.
        </Typography.Paragraph>
        <Typography.Paragraph>
          SCIM base URL:{' '}
          <Typography.Text code copyable={{ text: baseUrl, tooltips: ['Copy base URL', 'Copied'] }}>
            {baseUrl}
          </Typography.Text>
        </Typography.Paragraph>
      </section>
      <ScimTokens />
      <ScimGroups />
    </Flex>
  );
}
