import { getUserConfig, updateUserConfig, type UserConfig } from '@cairn/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { decodeToken } from '../../../lib/jwt';
import { session } from '../../../lib/session';
import { userConfigKey, writeJson } from '../../../lib/storage-keys';

export type { UserConfig };
/** How the add-on button opens Cairn (spec §3): a new tab or a new window, 'window' by default. */
export type AddonButtonClickBehavior = 'tab' | 'window';
export const DEFAULT_ADDON_BUTTON_CLICK_BEHAVIOR: AddonButtonClickBehavior = 'window';

/** Save status of user config (spec §3). */
export type UserConfigSaveStatus = 'initial' | 'loading' | 'success' | 'error';

export const userConfigQuery = queryOptions({
  queryKey: ['userConfig'],
  queryFn: async (): Promise<UserConfig> => {
    const { result } = await api.call(getUserConfig, {});
    rememberUserConfig(result);
    return result;
  },
  staleTime: Infinity,
});

/** The config is kept in local storage under the user's `sub` (spec §3 "Client-side storage"). */
function rememberUserConfig(config: UserConfig): void {
  const token = session.getToken();
  if (!token) return;
  try {
    writeJson(localStorage, userConfigKey(decodeToken<{ sub: string }>(token).sub), config);
  } catch {
    // A malformed token has no user to file the config under.
  }
}

/** Loads the config at start; a failure only logs a warning (spec §8). */
export async function loadUserConfig(queryClient: QueryClient, warn: (message: string) => void): Promise<void> {
  try {
    await queryClient.query(userConfigQuery);
  } catch {
    warn('Failed to load the user config');
  }
}

export function useUserConfig() {
  return useQuery({ ...userConfigQuery, enabled: session.getToken() !== undefined });
}

export function addonButtonClickBehavior(config: UserConfig | undefined): AddonButtonClickBehavior {
  return config?.addonButtonClickBehavior === 'tab' ? 'tab' : DEFAULT_ADDON_BUTTON_CLICK_BEHAVIOR;
}

/**
 * Saves settings (spec §4 "User config saving"): the cached config changes at once, the whole
 * dictionary is sent, and the previous config comes back if the server refuses.
 */
export function useUpdateUserConfig() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (changes: UserConfig) => {
      const config = { ...queryClient.getQueryData(userConfigQuery.queryKey), ...changes };
      const { result } = await api.call(updateUserConfig, { config });
      if (!result) throw new Error('The settings were not saved');
      return config;
    },
    onMutate: async (changes: UserConfig) => {
      await queryClient.cancelQueries({ queryKey: userConfigQuery.queryKey });
      const previous = queryClient.getQueryData(userConfigQuery.queryKey);
      queryClient.setQueryData(userConfigQuery.queryKey, { ...previous, ...changes });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      queryClient.setQueryData(userConfigQuery.queryKey, context?.previous);
    },
    onSuccess: (config) => rememberUserConfig(config),
  });
  return { ...mutation, saveStatus: saveStatusOf(mutation.status) };
}

function saveStatusOf(status: 'idle' | 'pending' | 'success' | 'error'): UserConfigSaveStatus {
  const names = { idle: 'initial', pending: 'loading', success: 'success', error: 'error' } as const;
  return names[status];
}
