import { acceptTerms as acceptTermsEndpoint, getUserMetadata } from '@cairn/contracts';
import { api } from '../../../lib/api';
import type { ApiResult } from '../../../lib/api-client';

export type UserMetadata = ApiResult<typeof getUserMetadata>['result'];

/** The signed-in user's metadata (spec §3), camel-cased by the client. */
export async function fetchUserMetadata(): Promise<UserMetadata> {
  const { result } = await api.call(getUserMetadata, {});
  return result;
}

export async function acceptTerms(): Promise<void> {
  await api.call(acceptTermsEndpoint, {});
}
