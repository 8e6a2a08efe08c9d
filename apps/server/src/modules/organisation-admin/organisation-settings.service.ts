import {
  cmsV24Percent,
  FLAG_DEFAULTS,
  FLAG_VALUE_SCHEMAS,
  riskModelSetting,
  type EndpointBody,
  type FlagName,
  type FlagValues,
  type OrganisationSettings,
  type RiskModelSetting,
  type updateOrganisationSettings as updateSettingsEndpoint,
} from '@cairn/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit, type AuthContext } from '../../access';
import type { EventBus } from '../../plugins/event-bus';
import { listOrganisationFlagRows, setOrganisationFlagValue } from '../flags';
import { findOrganisation, setOrganisationSetting } from './organisation-admin.repository';

export interface OrganisationAdminDeps {
  db: Db;
  bus: EventBus;
  now?: () => Date;
}

export interface AdminCaller {
  auth: AuthContext;
  clientAddress: string | undefined;
}

/** The key of `organisations.settings` holding the organisation's risk model per payment year. */
const RISK_MODELS_KEY = 'riskModels';
const storedRiskModels = z.array(riskModelSetting);

/** The organisation's own choices (valid entries only: a hand-edited row never breaks scoring). */
function riskModelsOf(settings: Record<string, unknown>): RiskModelSetting[] {
  const parsed = storedRiskModels.safeParse(settings[RISK_MODELS_KEY]);
  return parsed.success ? parsed.data : [];
}

/**
 * The V24 share (percent) an organisation scores a payment year with: its own choice for that year,
 * or CMS's published blend (`cmsV24Percent`).
 */
export async function v24PercentFor(db: Db, organisationId: string, paymentYear: number): Promise<number> {
  const organisation = await findOrganisation(db, organisationId);
  const own = riskModelsOf(organisation?.settings ?? {}).find((model) => model.paymentYear === paymentYear);
  return own?.v24Percent ?? cmsV24Percent(paymentYear);
}

const SETTING_FLAGS = {
  frontendTabs: 'configuration_FrontendTabs',
  overlayOnlyView: 'configuration_OverlayOnlyView',
  organizationQuality: 'configuration_OrganizationQuality',
} as const satisfies Record<string, FlagName>;

/** Payment years shown: 2024 (the first blend) to next year, and any later year the organisation set. */
function shownYears(own: readonly RiskModelSetting[], now: Date): number[] {
  const last = Math.max(now.getUTCFullYear() + 1, ...own.map((model) => model.paymentYear));
  const first = Math.min(2024, ...own.map((model) => model.paymentYear));
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

export async function getOrganisationSettings(
  deps: OrganisationAdminDeps,
  auth: AuthContext,
): Promise<OrganisationSettings> {
  const [organisation, flagRows] = await Promise.all([
    findOrganisation(deps.db, auth.organisationId),
    listOrganisationFlagRows(deps.db, auth.organisationId),
  ]);
  if (!organisation) throw new AppError('NOT_FOUND', 'Organisation not found.');
  const own = riskModelsOf(organisation.settings);
  const flag = <N extends keyof typeof SETTING_FLAGS>(name: N) =>
    flagRows.find((row) => row.key === SETTING_FLAGS[name]);
  const valueOf = <N extends keyof typeof SETTING_FLAGS>(name: N): FlagValues[(typeof SETTING_FLAGS)[N]] => {
    const key = SETTING_FLAGS[name];
    const parsed = FLAG_VALUE_SCHEMAS[key].safeParse(flag(name)?.defaultValue);
    return (parsed.success ? parsed.data : FLAG_DEFAULTS[key]) as FlagValues[(typeof SETTING_FLAGS)[N]];
  };
  const ruleCount = (name: keyof typeof SETTING_FLAGS) => flag(name)?.rules.length ?? 0;
  return {
    organisation: { id: organisation.id, name: organisation.name },
    riskModels: shownYears(own, deps.now?.() ?? new Date()).map((paymentYear) => {
      const chosen = own.find((model) => model.paymentYear === paymentYear);
      const cms = cmsV24Percent(paymentYear);
      return { paymentYear, v24Percent: chosen?.v24Percent ?? cms, isCmsDefault: !chosen, cmsV24Percent: cms };
    }),
    frontendTabs: valueOf('frontendTabs'),
    overlayOnlyView: valueOf('overlayOnlyView'),
    organizationQuality: valueOf('organizationQuality'),
    flagRuleCounts: {
      frontendTabs: ruleCount('frontendTabs'),
      overlayOnlyView: ruleCount('overlayOnlyView'),
      organizationQuality: ruleCount('organizationQuality'),
    },
  };
}

type SettingsChange = EndpointBody<typeof updateSettingsEndpoint>;

/**
 * Stores the risk models in `organisations.settings` and the three configuration flags through the
 * flag service (so open browsers get them at once); each change is audited.
 */
export async function updateOrganisationSettings(
  deps: OrganisationAdminDeps,
  caller: AdminCaller,
  change: SettingsChange,
): Promise<OrganisationSettings> {
  const { auth } = caller;
  if (change.riskModels) {
    const riskModels = [...change.riskModels].sort((left, right) => left.paymentYear - right.paymentYear);
    await setOrganisationSetting(deps.db, auth.organisationId, RISK_MODELS_KEY, riskModels);
    await writeAudit(deps.db, {
      organisationId: auth.organisationId,
      userId: auth.userId,
      action: 'organisation.settings.update',
      clientAddress: caller.clientAddress,
      details: { setting: RISK_MODELS_KEY, riskModels },
    });
  }
  const flagChange = { clientAddress: caller.clientAddress };
  if (change.frontendTabs) {
    const value = change.frontendTabs;
    await setOrganisationFlagValue(deps, auth, { key: SETTING_FLAGS.frontendTabs, value }, flagChange);
  }
  if (change.overlayOnlyView !== undefined) {
    const value = change.overlayOnlyView;
    await setOrganisationFlagValue(deps, auth, { key: SETTING_FLAGS.overlayOnlyView, value }, flagChange);
  }
  if (change.organizationQuality !== undefined) {
    const value = change.organizationQuality;
    await setOrganisationFlagValue(deps, auth, { key: SETTING_FLAGS.organizationQuality, value }, flagChange);
  }
  return getOrganisationSettings(deps, auth);
}
