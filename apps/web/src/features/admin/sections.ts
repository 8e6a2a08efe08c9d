import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** One section of the admin tool (issue 17): its path segment under /admin, its title and its screen. */
export interface AdminSection {
  path: string;
  title: string;
  /** What the section is for, said under its title. */
  description: string;
  Screen: LazyExoticComponent<ComponentType>;
}

/**
 * The admin tool's sections, in the order the navigation shows them. A section is listed once its
 * screen does its job: the tool never offers a page that only shows a title.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    path: 'users',
    title: 'Users',
    description: 'Accounts of the organisation: who may sign in, with which view, permissions and providers.',
    Screen: lazy(() => import('./components/users/users-section')),
  },
  {
    path: 'organisation',
    title: 'Organisation',
    description: 'Clinics, departments and providers, the risk model per payment year, the tabs and views shown.',
    Screen: lazy(() => import('./components/organisation/organisation-section')),
  },
  {
    path: 'ehr-connections',
    title: 'EHR connections',
    description: 'The EHRs Cairn launches from, reads and writes to: their FHIR servers, clients and last activity.',
    Screen: lazy(() => import('./components/ehr-connections/ehr-connections-section')),
  },
  {
    path: 'sso',
    title: 'Single sign-on',
    description:
      "The organisation's identity providers (OpenID Connect, SAML 2.0): each one's claim mapping, allowed domains and Test sign-in.",
    Screen: lazy(() => import('./components/sso/sso-section')),
  },
  {
    path: 'flags',
    title: 'Feature flags',
    description: "Each flag's value for the organisation, its targeting rules, and what a given user gets.",
    Screen: lazy(() => import('./components/flags/flags-section')),
  },
  {
    path: 'audit-log',
    title: 'Audit log',
    description: 'Who did what, to which patient, when and with what outcome: filtered, opened, exported as CSV.',
    Screen: lazy(() => import('./components/audit-log/audit-log-section')),
  },
  {
    path: 'scim',
    title: 'Provisioning (SCIM)',
    description:
      'Okta or Entra ID create and remove accounts over SCIM, and sign-ins bring their groups: the tokens, and what each group gives.',
    Screen: lazy(() => import('./components/scim/scim-section')),
  },
  {
    path: 'api-clients',
    title: 'API clients',
    description:
      "Payers and other systems reading the organisation's care gaps as FHIR (DEQM $care-gaps): the address, and their tokens.",
    Screen: lazy(() => import('./components/api-clients/api-clients-section')),
  },
];

/** The section at `path`, if the tool has one. */
export function findAdminSection(path: string | undefined): AdminSection | undefined {
  return ADMIN_SECTIONS.find((section) => section.path === path);
}
