import { acceptInvitation as acceptEndpoint, readInvitation as readEndpoint } from '@cairn/contracts';
import { api } from '../../../lib/api';

export interface Invitation {
  username: string;
  firstName: string;
  organisationName: string;
}

/** The account an invitation link is for; an ApiError (NOT_FOUND) when the link is used, expired or void. */
export async function readInvitation(token: string): Promise<Invitation> {
  return (await api.call(readEndpoint, { token })).result;
}

/** Sets the invited account's password with its link (used once); answers the username to sign in with. */
export async function acceptInvitation(input: { token: string; newPassword: string }): Promise<string> {
  return (await api.call(acceptEndpoint, input)).result.username;
}
