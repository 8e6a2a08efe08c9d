import type { PushFailureReason } from '@cairn/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { acceptAddonSsoToken } from '../../auth';
import { postToAddon, useAddonMessages, type AddonLogger } from '../../../lib/addon-messaging';
import { pushDiagnosesToEhr } from '../api/push-diagnoses-to-ehr';
import { fullScreenPathFor, fullScreenSearch } from '../utils/overlay-paths';
import { useInformEncounterStatus } from './use-inform-encounter-status';

export type OpenBehavior = 'tab' | 'window';

export interface OverlayAddonOptions {
  logger: AddonLogger & { info(message: string): void };
  /** The user config's addonButtonClickBehavior (spec §3). */
  openBehavior: OpenBehavior;
  /** The summary's query keys (prefixes) each message refreshes: the features own them, the page lists them. */
  queryKeys: { diagnoses: QueryKey[]; notifications: QueryKey[] };
}

/** Cairn writes diagnoses to the EHR, never procedure codes: CPTs stay the add-on's to enter. */
const CPTS_NOT_WRITTEN: PushFailureReason = 'PredictorNotImplementedForEHR';

const WINDOW_FEATURES = 'popup,width=1280,height=900';

/**
 * What Cairn does with the add-on's messages (spec §4), and what it tells the add-on unasked: the
 * shown visit's encounter status. Cart load and the HPI, physical exam and patient-instruction
 * refreshes have no screen yet: they are accepted and dropped. Returns the origin.
 */
export function useOverlayAddonMessages(options: OverlayAddonOptions): string | undefined {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const invalidate = (keys: QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const origin = useAddonMessages(
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
      // Written to the visit's EHR encounter; every code is answered, so the add-on never waits for
      // an answer that will not come.
      pushDiagnosesRequest: ({ requestId, summaryId, icd10Codes }) => {
        pushDiagnosesToEhr(summaryId, icd10Codes)
          .then((results) => {
            postToAddon({ type: 'pushDiagnosesResult', requestId, summaryId, results });
          })
          .catch(() => {
            options.logger.warn('Push diagnoses result not sent to the add-on');
          });
      },
      pushCptsRequest: ({ requestId, summaryId, cptCodes }) => {
        const results = cptCodes.map((cptCode) => ({ cptCode, status: 'failed' as const, reason: CPTS_NOT_WRITTEN }));
        postToAddon({ type: 'pushCptsResult', requestId, summaryId, results });
      },
      // A renewed SSO session from the add-on: taken only once the server accepts the token.
      ssoLoginSucceeded: ({ token }) => {
        void acceptAddonSsoToken(token, { warn: (message) => options.logger.warn(message) }).then((accepted) => {
          if (!accepted) options.logger.warn('Add-on SSO token refused by the server');
        });
      },
    },
    { logger: options.logger, search },
  );
  useInformEncounterStatus(origin, options.logger);
  return origin;
}
