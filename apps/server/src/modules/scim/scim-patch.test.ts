import { describe, expect, it } from 'vitest';
import { applyGroupPatch, applyUserPatch, readPatchRequest, type ScimUserFields } from './scim-patch';

const USER: ScimUserFields = {
  userName: 'ada@x.example',
  givenName: 'Ada',
  familyName: 'Lovelace',
  email: 'ada@x.example',
  externalId: null,
  active: true,
};

const patchUser = (operations: unknown[]) => applyUserPatch(USER, readPatchRequest({ Operations: operations }));

describe('user PATCH operations', () => {
  it("applies Okta's path-less replace and Entra ID's capitalised op with string booleans", () => {
    expect(patchUser([{ op: 'replace', value: { active: false } }]).active).toBe(false);
    expect(patchUser([{ op: 'Replace', path: 'active', value: 'False' }]).active).toBe(false);
    expect(patchUser([{ op: 'Replace', path: 'active', value: 'True' }]).active).toBe(true);
  });

  it('reads value objects whose keys are paths, and nested objects', () => {
    const patched = patchUser([
      { op: 'Add', value: { 'name.givenName': 'Grace', 'emails[type eq "work"].value': 'g@x.example' } },
      { op: 'replace', value: { name: { familyName: 'Hopper' }, externalId: 'e-1' } },
    ]);
    expect(patched).toMatchObject({
      givenName: 'Grace',
      familyName: 'Hopper',
      email: 'g@x.example',
      externalId: 'e-1',
    });
  });

  it('removes externalId, ignores attributes and extensions Cairn does not store', () => {
    const patched = patchUser([
      { op: 'remove', path: 'externalId' },
      { op: 'replace', path: 'title', value: 'Coder' },
      { op: 'add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'HIM' },
      { op: 'replace', path: 'phoneNumbers[type eq "work"].value', value: '555' },
    ]);
    expect(patched).toEqual(USER);
  });

  it('refuses an unknown path, a change to groups and an op outside add, remove and replace', () => {
    expect(() => patchUser([{ op: 'replace', path: 'favouriteColour', value: 'x' }])).toThrow(/favouritecolour/);
    expect(() => patchUser([{ op: 'add', path: 'groups', value: [] }])).toThrow(
      expect.objectContaining({ scimType: 'mutability' }),
    );
    expect(() => readPatchRequest({ Operations: [{ op: 'copy', path: 'active' }] })).toThrow(
      expect.objectContaining({ scimType: 'invalidSyntax' }),
    );
  });
});

describe('group PATCH operations', () => {
  const group = { displayName: 'Coders', externalId: null, memberIds: new Set(['a', 'b']) };
  const patchGroup = (operations: unknown[]) => applyGroupPatch(group, readPatchRequest({ Operations: operations }));

  it('adds, removes by value list and by filtered path, and replaces members', () => {
    expect([...patchGroup([{ op: 'Add', path: 'members', value: [{ value: 'c' }] }]).memberIds]).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect([...patchGroup([{ op: 'Remove', path: 'members', value: [{ value: 'a' }] }]).memberIds]).toEqual(['b']);
    expect([...patchGroup([{ op: 'remove', path: 'members[value eq "b"]' }]).memberIds]).toEqual(['a']);
    expect([...patchGroup([{ op: 'replace', path: 'members', value: [{ value: 'z' }] }]).memberIds]).toEqual(['z']);
    expect(group.memberIds.size).toBe(2);
  });

  it("renames with Okta's path-less replace holding the id", () => {
    expect(patchGroup([{ op: 'replace', value: { id: 'g-1', displayName: 'Coders (HIM)' } }]).displayName).toBe(
      'Coders (HIM)',
    );
  });
});
