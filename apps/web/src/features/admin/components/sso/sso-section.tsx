import { Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { IdentityProviderDetails, NewIdentityProvider } from './identity-provider-editor';
import { IdentityProviderList } from './identity-provider-list';
import { TestSignInPanel } from './test-sign-in';

/**
 * The admin tool's Single sign-on section (issue 17 item 4): the organisation's identity providers
 * (OpenID Connect or SAML 2.0), listed, added, changed, enabled or disabled, tested and deleted.
 * `?provider=<id>` opens one, `?provider=new` adds one; a Test sign-in runs in a tab of its own
 * (`?test=start&provider=<id>`, back at `?test=result`). Administrators only (the server refuses others).
 */
export default function SsoSection() {
  const [searchParams] = useSearchParams();
  const test = searchParams.get('test');
  const provider = searchParams.get('provider');
  // A starting Test sign-in's tab leaves for the provider: it shows nothing else.
  if (test === 'start') return <TestSignInPanel mode={test} providerId={provider} />;
  return (
    <Flex vertical gap="large">
      <TestSignInPanel mode={test} providerId={provider} />
      {provider === 'new' ? (
        <NewIdentityProvider />
      ) : provider ? (
        <IdentityProviderDetails key={provider} providerId={provider} />
      ) : (
        <IdentityProviderList />
      )}
    </Flex>
  );
}
