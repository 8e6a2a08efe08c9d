import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { FRONTEND_TAB_KEYS, type FrontendTabKey } from './flags';

// The admin tool's Organisation section (issue 17 item 2): every call needs admin_tool (admins hold it),
// except getGroupPractices, which any signed-in user makes.

/**
 * The V24 share of the CMS-HCC payment score that CMS published for a payment year (Rate Announcements
 * 2024 and 2025): PY2024 67 % V24 (2020 model) and 33 % V28, PY2025 33 % V24 and 67 % V28, PY2026 on
 * 100 % V28; before 2024, V24 alone.
 */
export function cmsV24Percent(paymentYear: number): number {
  if (paymentYear < 2024) return 100;
  if (paymentYear === 2024) return 67;
  if (paymentYear === 2025) return 33;
  return 0;
}

/**
 * NPI check digit (CMS, "Requirements for the NPI check digit"): the Luhn algorithm over the ten digits
 * prefixed with 80840, the health-industry prefix of ISO 7812.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const paymentYear = z.int().min(2020).max(2100);

/** The organisation's risk model for one payment year: `v24Percent` 0 is V28 only, 1 to 99 a V24/V28 blend. */
export const riskModelSetting = z.strictObject({
  paymentYear,
  /** The V24 share of the blend in percent; the rest is V28. 100 (V24 alone) is only CMS's rule before 2024. */
  v24Percent: z.int().min(0).max(100),
});
export type RiskModelSetting = z.infer<typeof riskModelSetting>;

export const organisationSettings = z.object({
  organisation: z.object({ id: z.uuid(), name: z.string() }),
  /** The effective model of each payment year shown: the organisation's choice, or CMS's published blend. */
  riskModels: z.array(riskModelSetting.extend({ isCmsDefault: z.boolean(), cmsV24Percent: z.int() })),
  /** The three organisation-wide configuration flags (their default value in the flag storage). */
  frontendTabs: z.array(z.enum(FRONTEND_TAB_KEYS as [FrontendTabKey, ...FrontendTabKey[]])),
  overlayOnlyView: z.boolean(),
  organizationQuality: z.boolean(),
  /** Targeting rules of each of those flags (edited under Feature flags), which win over the value here for the users they match. */
  flagRuleCounts: z.object({ frontendTabs: z.int(), overlayOnlyView: z.int(), organizationQuality: z.int() }),
});
export type OrganisationSettings = z.infer<typeof organisationSettings>;

const adminEndpoint = { auth: 'user', permission: 'admin_tool', v2: true } as const;

export const getOrganisationSettings = defineEndpoint({
  ...adminEndpoint,
  tags: ['admin'],
  method: 'POST',
  path: '/admin/organisation/settings/get',
  summary:
    "The organisation's settings: risk model per payment year, tabs shown, overlay-only view, OrganizationQuality",
  writes: false,
  body: z.strictObject({}),
  response: resultEnvelope(organisationSettings),
});

export const updateOrganisationSettings = defineEndpoint({
  ...adminEndpoint,
  tags: ['admin'],
  method: 'POST',
  path: '/admin/organisation/settings/update',
  summary: "Change the organisation's settings; a field left out is kept. Flags reach open browsers at once",
  writes: 'organisation',
  body: z.strictObject({
    /** The organisation's own choices (a year left out follows CMS); each year at most once. */
    riskModels: z
      .array(riskModelSetting)
      .max(50)
      .refine((models) => new Set(models.map((model) => model.paymentYear)).size === models.length, 'Each year once')
      .optional(),
    frontendTabs: z
      .array(z.enum(FRONTEND_TAB_KEYS as [FrontendTabKey, ...FrontendTabKey[]]))
      .min(1, 'At least one tab')
      .refine((tabs) => new Set(tabs).size === tabs.length, 'Each tab once')
      .optional(),
    overlayOnlyView: z.boolean().optional(),
    organizationQuality: z.boolean().optional(),
  }),
  response: resultEnvelope(organisationSettings),
});

/** Where a clinic, department or provider came from: EHR and HIE rows are synced, CAIRN rows were added here. */
export const hierarchySource = z.object({
  source: z.string(),
  /** The row's id in the EHR, kept on an edit so that a later sync still matches it. */
  sourceId: z.string(),
  isFromEhr: z.boolean(),
  /** Added by hand in the admin tool (source CAIRN): no sync touches it. */
  isHandAdded: z.boolean(),
  updatedAt: z.iso.datetime(),
  /** When a sync last wrote the row; null for a row added by hand, or not synced since Cairn began to record it. */
  syncedAt: z.iso.datetime().nullable(),
});

/** The fields of a clinic a sync writes from the EHR (FHIR Organization.name). */
export const CLINIC_SYNCED_FIELDS = ['name'] as const;
/** The fields of a department a sync writes from the EHR (FHIR Location.name and managingOrganization). */
export const DEPARTMENT_SYNCED_FIELDS = ['name', 'clinicId'] as const;
/**
 * The fields of a provider a sync writes from the EHR (FHIR Practitioner's official name, its suffix and
 * NPI identifier). A provider's department is not in FHIR's Practitioner: only Cairn sets it.
 */
export const PROVIDER_SYNCED_FIELDS = ['firstName', 'lastName', 'suffix', 'npi'] as const;

/**
 * A field an administrator changed in Cairn on a synced row: the sync leaves it as it is and keeps the
 * source's latest value beside it, until "Use the EHR's value" gives the field back to the sync.
 */
const editedField = <const Fields extends readonly [string, ...string[]]>(fields: Fields) =>
  z.object({
    field: z.enum(fields),
    /** The source's latest value as the field holds it (a clinic's id for `clinicId`); null when it gives none. */
    ehrValue: z.string().nullable(),
    /** That value in words: the clinic's name for `clinicId`, else the value itself. */
    ehrDisplay: z.string().nullable(),
  });

export const adminClinic = z.object({
  id: z.uuid(),
  name: z.string(),
  departmentCount: z.int(),
  ...hierarchySource.shape,
  editedFields: z.array(editedField(CLINIC_SYNCED_FIELDS)),
});
export type AdminClinic = z.infer<typeof adminClinic>;
export const adminDepartment = z.object({
  id: z.uuid(),
  name: z.string(),
  clinicId: z.uuid(),
  clinicName: z.string(),
  providerCount: z.int(),
  ...hierarchySource.shape,
  editedFields: z.array(editedField(DEPARTMENT_SYNCED_FIELDS)),
});
export type AdminDepartment = z.infer<typeof adminDepartment>;
export const adminProvider = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  /** Credentials (`MD`, `DO`, `NP`). */
  suffix: z.string().nullable(),
  npi: z.string().nullable(),
  departmentId: z.uuid().nullable(),
  departmentName: z.string().nullable(),
  clinicName: z.string().nullable(),
  ...hierarchySource.shape,
  editedFields: z.array(editedField(PROVIDER_SYNCED_FIELDS)),
});
export type AdminProvider = z.infer<typeof adminProvider>;

export const HIERARCHY_PAGE_SIZE_MAX = 100;
const listQuery = {
  /** Words found in the name (a provider's names, credentials or NPI). */
  search: z.string().trim().max(200).optional(),
  page: z.int().min(1).max(100_000).default(1),
  pageSize: z.int().min(1).max(HIERARCHY_PAGE_SIZE_MAX).default(25),
};
const name = z.string().trim().min(1, 'Required').max(200);

export const listOrganisationClinics = defineEndpoint({
  ...adminEndpoint,
  tags: ['admin'],
  method: 'POST',
  path: '/admin/organisation/clinics/list',
  summary: "The organisation's clinics, searched, a page at a time",
  writes: false,
  body: z.strictObject(listQuery),
  response: resultEnvelope(z.object({ clinics: z.array(adminClinic), total: z.int() })),
});

export const listOrganisationDepartments = defineEndpoint({
  ...adminEndpoint,
  tags: ['admin'],
  method: 'POST',
  path: '/admin/organisation/departments/list',
  summary: "The organisation's departments (of one clinic when given), searched, a page at a time",
  writes: false,
  body: z.strictObject({ ...listQuery, clinicId: z.uuid().optional() }),
  response: resultEnvelope(z.object({ departments: z.array(adminDepartment), total: z.int() })),
});

export const listOrganisationProviders = defineEndpoint({
  ...adminEndpoint,
  tags: ['admin'],
  method: 'POST',
  path: '/admin/organisation/providers/list',
  summary: "The organisation's providers (of one department when given), searched, a page at a time",
  writes: false,
  body: z.strictObject({ ...listQuery, departmentId: z.uuid().optional() }),
  response: resultEnvelope(z.object({ providers: z.array(adminProvider), total: z.int() })),
});

export const saveOrganisationClinic = defineEndpoint({
  ...adminEndpoint,
  tags: ['admin'],
  method: 'POST',
  path: '/admin/organisation/clinics/save',
  summary:
    'Rename a clinic (clinicId given; a synced clinic keeps the name at later syncs) or add one by hand (source CAIRN)',
  writes: 'organisation',
  body: z.strictObject({ clinicId: z.uuid().optional(), name }),
  response: resultEnvelope(adminClinic),
});

export const saveOrganisationDepartment = defineEndpoint({
  ...adminEndpoint,
  tags: ['admin'],
  method: 'POST',
  path: '/admin/organisation/departments/save',
  summary: 'Rename or move a department (departmentId given) or add one to a clinic by hand (source CAIRN)',
  writes: 'organisation',
  body: z.strictObject({ departmentId: z.uuid().optional(), clinicId: z.uuid(), name }),
  response: resultEnvelope(adminDepartment),
});

export const revertOrganisationClinicField = defineEndpoint({
  ...adminEndpoint,
  tags: ['admin'],
  method: 'POST',
  path: '/admin/organisation/clinics/revert',
  summary:
    "Use the EHR's value of a clinic's field edited in Cairn: it takes the EHR's latest value now and follows the EHR from then on",
  writes: 'organisation',
  body: z.strictObject({ clinicId: z.uuid(), field: z.enum(CLINIC_SYNCED_FIELDS) }),
  response: resultEnvelope(adminClinic),
});

export const revertOrganisationDepartmentField = defineEndpoint({
  ...adminEndpoint,
  tags: ['admin'],
  method: 'POST',
  path: '/admin/organisation/departments/revert',
  summary: "Use the EHR's value of a department's field edited in Cairn (its name or clinic)",
  writes: 'organisation',
  body: z.strictObject({ departmentId: z.uuid(), field: z.enum(DEPARTMENT_SYNCED_FIELDS) }),
  response: resultEnvelope(adminDepartment),
});

export const revertOrganisationProviderField = defineEndpoint({
  ...adminEndpoint,
  tags: ['admin'],
  method: 'POST',
  path: '/admin/organisation/providers/revert',
  summary: "Use the EHR's value of a provider's field edited in Cairn (names, credentials or NPI)",
  writes: 'organisation',
  body: z.strictObject({ providerId: z.uuid(), field: z.enum(PROVIDER_SYNCED_FIELDS) }),
  response: resultEnvelope(adminProvider),
});

/** A provider's NPI: ten digits whose last is the Luhn check digit over 80840 and the first nine. */
export const npiSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'Ten digits')
  .refine(isValidNpi, 'Not a valid NPI (check digit)');

export const saveOrganisationProvider = defineEndpoint({
  ...adminEndpoint,
  tags: ['admin'],
  method: 'POST',
  path: '/admin/organisation/providers/save',
  summary: "Edit a provider's names, credentials, NPI and department (providerId given) or add one by hand",
  writes: 'organisation',
  body: z.strictObject({
    providerId: z.uuid().optional(),
    firstName: z.string().trim().max(200).default(''),
    lastName: name,
    suffix: z.string().trim().max(50).nullable().default(null),
    /**
     * A new or changed NPI must pass the NPI check digit (`npiSchema`; 422 naming `npi`). One the EHR gave,
     * saved unchanged, is kept as it is: an EHR's NPI that fails the check does not stop an edit of a name.
     */
    npi: z.string().trim().max(20).nullable().default(null),
    departmentId: z.uuid().nullable().default(null),
  }),
  response: resultEnvelope(adminProvider),
});

/**
 * The group practices (clinics) the caller may see (spec §7 getGroupPractices, payload not shown): a
 * provider linked to providers sees the clinics of their departments; others every clinic of the organisation.
 */
export const getGroupPractices = defineEndpoint({
  method: 'POST',
  path: '/getGroupPractices',
  summary: 'The group practices (clinics) in the caller’s care scope',
  tags: ['schedule'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ groupPractices: z.array(z.object({ id: z.uuid(), name: z.string() })) })),
});
