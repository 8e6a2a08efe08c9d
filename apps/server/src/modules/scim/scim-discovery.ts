import { GROUP_SCHEMA, LIST_SCHEMA, MAX_PAGE_SIZE, USER_SCHEMA, type ScimResource } from './scim-resources';

// The discovery documents of RFC 7644 §4: what Cairn's SCIM service supports, so that an identity
// provider (or a validator) can read it rather than guess.

export function serviceProviderConfig(baseUrl: string): ScimResource {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "A token of the organisation, created in Cairn's admin tool (Provisioning (SCIM)).",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

const RESOURCE_TYPES = [
  { id: 'User', name: 'User', endpoint: '/Users', description: 'A Cairn account', schema: USER_SCHEMA },
  {
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'A group mapped to a view and permissions',
    schema: GROUP_SCHEMA,
  },
];

export function resourceTypes(baseUrl: string): ScimResource {
  const resources = RESOURCE_TYPES.map((type) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    ...type,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${type.id}` },
  }));
  return {
    schemas: [LIST_SCHEMA],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

interface AttributeOptions {
  type?: string;
  isMultiValued?: boolean;
  isRequired?: boolean;
  uniqueness?: string;
  mutability?: string;
  subAttributes?: ScimResource[];
}

function attribute(name: string, options: AttributeOptions = {}): ScimResource {
  return {
    name,
    type: options.type ?? 'string',
    multiValued: options.isMultiValued ?? false,
    required: options.isRequired ?? false,
    caseExact: false,
    mutability: options.mutability ?? 'readWrite',
    returned: 'default',
    uniqueness: options.uniqueness ?? 'none',
    ...(options.subAttributes ? { subAttributes: options.subAttributes } : {}),
  };
}

const reference = (): ScimResource[] => [
  attribute('value', { mutability: 'immutable' }),
  attribute('display', { mutability: 'readOnly' }),
  attribute('$ref', { type: 'reference', mutability: 'immutable' }),
];

/** The attributes Cairn stores; others an identity provider sends are accepted and ignored. */
const SCHEMAS = [
  {
    id: USER_SCHEMA,
    name: 'User',
    description: 'A Cairn account',
    attributes: [
      attribute('userName', { isRequired: true, uniqueness: 'server' }),
      attribute('name', {
        type: 'complex',
        subAttributes: [
          attribute('givenName'),
          attribute('familyName'),
          attribute('formatted', { mutability: 'readOnly' }),
        ],
      }),
      attribute('displayName', { mutability: 'readOnly' }),
      attribute('emails', {
        type: 'complex',
        isMultiValued: true,
        subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
      }),
      attribute('active', { type: 'boolean' }),
      attribute('externalId'),
      attribute('groups', { type: 'complex', isMultiValued: true, mutability: 'readOnly', subAttributes: reference() }),
    ],
  },
  {
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'A group of Cairn accounts; the admin tool maps it to a view and permissions',
    attributes: [
      attribute('displayName', { isRequired: true, uniqueness: 'server' }),
      attribute('externalId'),
      attribute('members', { type: 'complex', isMultiValued: true, subAttributes: reference() }),
    ],
  },
];

export function schemas(baseUrl: string): ScimResource {
  const resources = SCHEMAS.map((schema) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    ...schema,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${schema.id}` },
  }));
  return {
    schemas: [LIST_SCHEMA],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
