import { useCreateScimToken } from '../../api/create-scim-token';
import { useScimTokens } from '../../api/list-scim-tokens';
import { useRevokeScimToken } from '../../api/revoke-scim-token';
import { BearerTokens } from '../bearer-tokens/bearer-tokens';

/** The organisation's SCIM tokens: created (shown once), listed with their last use, revoked. */
export function ScimTokens() {
  return (
    <BearerTokens
      kind="SCIM"
      titleId="scim-tokens-title"
      tokens={useScimTokens()}
      create={useCreateScimToken()}
      revoke={useRevokeScimToken()}
      labelExample="Okta production"
      holder="The identity provider"
      usage="Paste it as the bearer token (Okta: API Token; Entra ID: Secret Token) of the Cairn app."
    />
  );
}
