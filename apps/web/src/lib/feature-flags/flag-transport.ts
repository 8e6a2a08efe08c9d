import { createFlagStreamTicket, getFeatureFlags, openFlagStream } from '@cairn/contracts';
import { env } from '../../config/env';
import { api } from '../api';
import { session } from '../session';
import type { FlagClientOptions } from './flag-client';

/**
 * How the web flag client reaches the server. Flags are fetched with a plain `fetch` because the app's
 * API client camel-cases response keys, which would rename `configuration_FrontendTabs` and the keys
 * inside `cairn_user_features`; the ticket goes through the API client (session renewal on 401).
 */
export function flagTransport(): Pick<FlagClientOptions, 'fetchFlags' | 'createStreamTicket' | 'streamUrl'> {
  return {
    async fetchFlags() {
      const isSaml = session.getIsSAML();
      const token = session.getToken();
      const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
      if (token) headers[isSaml ? 'authorization' : 'token'] = isSaml ? `Bearer ${token}` : token;
      const response = await fetch(`${env.apiUrl}${isSaml ? '/v2' : ''}${getFeatureFlags.path}`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      if (!response.ok)
        throw Object.assign(new Error(`${response.status} Error occurred`), { status: response.status });
      const body = (await response.json()) as { result?: unknown };
      return body.result;
    },
    async createStreamTicket() {
      const { result } = await api.call(createFlagStreamTicket, {});
      return result.ticket;
    },
    streamUrl: (ticket) => `${env.apiUrl}${openFlagStream.path}?ticket=${encodeURIComponent(ticket)}`,
  };
}
