import type { FlagName, Permission } from '@cairn/contracts';
import { paths, type PathName } from './paths';

/**
 * What opening an app needs (spec §6, apps menu). An admin holds every permission, as on the server,
 * which serves an app's calls to any admin.
 */
export interface AccessRule {
  permission: Permission;
  /**
   * Spec §6 says "admins excluded": the apps menu offers the app only on an explicit grant of the
   * permission, not on an admin's blanket permissions. Only the menu: the app's pages still open to
   * an admin, since the server would answer their calls.
   */
  menuNeedsExplicitGrant?: boolean;
  /** A flag that must also be on. */
  flag?: FlagName;
  /** An admin does not need the flag. */
  flagWaivedForAdmins?: boolean;
}

export type AppName = 'portraits' | 'quality' | 'analytics' | 'admin' | 'files';

export interface AppEntry {
  label: string;
  href: string;
  /** Patient Portraits needs nothing beyond a session. */
  rule?: AccessRule;
}

/** The apps of the apps menu, in its order, with the rule of each (spec §6). */
export const APPS: Record<AppName, AppEntry> = {
  portraits: { label: 'Patient Portraits', href: paths.schedule.href() },
  quality: {
    label: 'Quality Workspace',
    href: paths.quality.href(),
    rule: {
      permission: 'quality_tool',
      menuNeedsExplicitGrant: true,
      flag: 'configuration_OrganizationQuality',
      flagWaivedForAdmins: true,
    },
  },
  analytics: { label: 'Analytics', href: paths.analytics.href(), rule: { permission: 'hcc_dashboard' } },
  admin: {
    label: 'Admin',
    href: paths.admin.href(),
    rule: { permission: 'admin_tool', menuNeedsExplicitGrant: true, flag: 'flag_AdminTool' },
  },
  files: {
    label: 'File manager',
    href: paths.files.href(),
    rule: { permission: 'files_manager', menuNeedsExplicitGrant: true },
  },
};

/**
 * Every protected route that needs more than a session, and the app whose rule it follows. The router
 * shows the access-denied page on these without the rule; the apps menu offers the same apps.
 */
export const ROUTE_ACCESS: Partial<Record<PathName, AppName>> = {
  analytics: 'analytics',
  // The pop-health dashboards are the analytics app's (issue 20): the server asks for hcc_dashboard too.
  popHealthAdmissions: 'analytics',
  popHealthCost: 'analytics',
  admin: 'admin',
  adminSection: 'admin',
  files: 'files',
  quality: 'quality',
  qualityWorkspace: 'quality',
  qualityArchive: 'quality',
  qualityPatients: 'quality',
  qualitySatisfactionRate: 'quality',
  qualityTab: 'quality',
  qualityFit: 'quality',
  qualityFitAddTemplate: 'quality',
  qualityFitTemplates: 'quality',
};
