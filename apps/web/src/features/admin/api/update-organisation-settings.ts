import { updateOrganisationSettings, type EndpointInput, type OrganisationSettings } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORGANISATION_SETTINGS_KEY } from './get-organisation-settings';
import { FEATURE_FLAGS_KEY } from './list-feature-flags';

export type OrganisationSettingsChange = EndpointInput<typeof updateOrganisationSettings>;

/** Changes the organisation's settings (a field left out is kept); the flags it writes reach open browsers live. */
export function useUpdateOrganisationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: OrganisationSettingsChange): Promise<OrganisationSettings> =>
      (await api.call(updateOrganisationSettings, change)).result,
    onSuccess: async (settings) => {
      queryClient.setQueryData(ORGANISATION_SETTINGS_KEY, settings);
      await queryClient.invalidateQueries({ queryKey: FEATURE_FLAGS_KEY });
    },
  });
}
