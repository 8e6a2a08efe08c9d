import type { PushFailureReason } from '@cairn/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { postToAddon, useAddonMessages, type AddonLogger } from '../../../lib/addon-messaging';
import { fullScreenPathFor, fullScreenSearch } from '../utils/overlay-paths';

export type OpenBehavior = 'tab' | 'window';

export interface OverlayAddonOptions {
  logger: AddonLogger & { info(message: string): void };
  /** The user config's addonButtonClickBehavior (spec §3). */
  openBehavior: OpenBehavior;
  /** The summary's query keys (prefixes) each message refreshes: the features own them, the page lists them. */
  queryKeys: { diagnoses: QueryKey[]; notifications: QueryKey[] };
}

/** Until the EHR write-back lands (issue 7), nothing can be written to the EHR from the overlay. */
const NOT_PUSHABLE_YET: PushFailureReason = 'MissingEHRLiveData';

const WINDOW_FEATURES = 'popup,width=1280,height=900';

/**
 * What Cairn does with the add-on's messages today (spec §4). Cart load and the HPI, physical exam and
 * patient-instruction refreshes have no screen yet: they are accepted and dropped. Returns the origin.
 */
export function useOverlayAddonMessages(options: OverlayAddonOptions): string | undefined {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const invalidate = (keys: QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return useAddonMessages(
    {
      changeFrameSource: ({ path }) => void navigate(path),
      openFullScreen: () => {
        const url = `${fullScreenPathFor(pathname)}${fullScreenSearch(search)}`;
        const features = options.openBehavior === 'window' ? `noopener,${WINDOW_FEATURES}` : 'noopener';
        window.open(url, '_blank', features);
      },
      reloadDiagnoses: () => {
        invalidate(options.queryKeys.diagnoses);
      },
      updateOverlayNotifications: () => {
        invalidate(options.queryKeys.notifications);
      },
      // Issue 7 wires the real push; until then every code is answered as not pushed, so the add-on
      // never waits for an answer that will not come.
      pushDiagnosesRequest: ({ requestId, summaryId, icd10Codes }) => {
        const results = icd10Codes.map((icd10Code) => ({
          icd10Code,
          status: 'failed' as const,
          reason: NOT_PUSHABLE_YET,
        }));
        postToAddon({ type: 'pushDiagnosesResult', requestId, summaryId, results });
      },
      pushCptsRequest: ({ requestId, summaryId, cptCodes }) => {
        const results = cptCodes.map((cptCode) => ({ cptCode, status: 'failed' as const, reason: NOT_PUSHABLE_YET }));
        postToAddon({ type: 'pushCptsResult', requestId, summaryId, results });
      },
      // No session function takes an add-on's SSO token yet: noted, not trusted.
      ssoLoginSucceeded: () => {
        options.logger.info('Add-on SSO login message received; not handled yet');
      },
    },
    { logger: options.logger, search },
  );
}
