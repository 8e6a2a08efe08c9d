import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { clinicalSummaryQuery } from '../../../features/clinical-summary/api/get-clinical-summary';
import { documentsQuery } from '../../../features/documents/api/get-documents';
import { dxCaptureDataQuery } from '../../../features/dx-summary/api/get-dx-capture-data';
import { appointmentDetailsQuery } from '../../../features/patients/api/appointment-details';
import type { PortraitTab } from '../../../features/portrait/tabs';
import { qualityInsightsQuery } from '../../../features/quality-insights';

/** What the portrait gives each tab: the patient and, when opened for a visit, the visit (`sid`). */
export interface PortraitTabProps {
  patientId: string;
  appointmentId: string | undefined;
}

/** The patient and visit a portrait is opened for. */
export interface PortraitIds {
  cairnPatientId: string;
  cairnAppointmentId: string | undefined;
}

/** A fetch into the cache whose failure is left to the screen that shows the data (its error state). */
async function warm(fetched: Promise<unknown>): Promise<void> {
  await fetched.catch(() => undefined);
}

interface TabScreen {
  /** The tab's content, a chunk of its own. */
  load: () => Promise<{ default: ComponentType<PortraitTabProps> }>;
  /** Fetches what the tab shows first into the cache, as the tab itself asks for it. */
  prefetch: (queryClient: QueryClient, ids: PortraitIds) => Promise<void>;
}

/** Each tab's content and first data. Tabs of later capabilities have none yet and render nothing. */
export const TAB_SCREENS: Partial<Record<PortraitTab['key'], TabScreen>> = {
  DxSummary: {
    load: async () => ({ default: (await import('./dx-summary-tab.page')).DxSummaryTabPage }),
    // The tab opens grouped by HCC; without a visit it has no suggestions to ask for.
    prefetch: async (queryClient, { cairnAppointmentId }) => {
      if (cairnAppointmentId) await warm(queryClient.query(dxCaptureDataQuery(cairnAppointmentId, true)));
    },
  },
  ClinicalSummary: {
    load: async () => ({
      default: (await import('../../../features/clinical-summary/components/clinical-summary-tab')).ClinicalSummaryTab,
    }),
    prefetch: (queryClient, { cairnPatientId }) => warm(queryClient.query(clinicalSummaryQuery(cairnPatientId))),
  },
  Quality: {
    load: async () => ({ default: (await import('./quality-insights-tab.page')).QualityInsightsTabPage }),
    prefetch: (queryClient, { cairnPatientId, cairnAppointmentId }) =>
      warm(queryClient.query(qualityInsightsQuery(cairnPatientId, cairnAppointmentId))),
  },
  DocumentsList: {
    load: async () => ({
      default: (await import('../../../features/documents/components/documents-tab')).DocumentsTab,
    }),
    // The tab opens with no filter.
    prefetch: (queryClient, { cairnPatientId }) => warm(queryClient.query(documentsQuery(cairnPatientId, {}))),
  },
};

/** A tab's content chunk; a failure is the tab's to show when it opens. */
export async function loadTabScreen(tab: PortraitTab): Promise<void> {
  await TAB_SCREENS[tab.key]?.load().catch(() => undefined);
}

/** A tab's content chunk and its first data, both started at once. A failure is the tab's to show. */
export async function preloadTab(queryClient: QueryClient, tab: PortraitTab, ids: PortraitIds): Promise<void> {
  const screen = TAB_SCREENS[tab.key];
  if (!screen) return;
  await Promise.all([screen.load(), screen.prefetch(queryClient, ids)]).catch(() => undefined);
}

/**
 * What opening a visit's portrait shows first, started before it is opened (a pointer on its link): the
 * banner's details and the first tab's content and data.
 */
export function preloadVisit(
  queryClient: QueryClient,
  options: PortraitIds & { firstTab: PortraitTab | undefined },
): void {
  const { firstTab, ...ids } = options;
  if (ids.cairnAppointmentId) void warm(queryClient.query(appointmentDetailsQuery(ids.cairnAppointmentId)));
  if (firstTab) void preloadTab(queryClient, firstTab, ids);
}

/**
 * The portrait's tabs, so that changing tab renders from the cache: the tab shown first (its content
 * and data, at once), then every other tab the user may open.
 */
export async function preloadTabs(
  queryClient: QueryClient,
  options: PortraitIds & { tabs: readonly PortraitTab[]; shown: PortraitTab | undefined },
): Promise<void> {
  const { tabs, shown, ...ids } = options;
  if (shown) await preloadTab(queryClient, shown, ids);
  await Promise.all(tabs.filter((tab) => tab !== shown).map((tab) => preloadTab(queryClient, tab, ids)));
}
