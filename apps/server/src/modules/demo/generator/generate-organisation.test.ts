import { isValidNpi } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { generateOrganisation } from './generate-organisation';

describe('generateOrganisation', () => {
  it('gives every provider an NPI that passes CMS check digit, so an administrator can save them', () => {
    let next = 0;
    const { providers } = generateOrganisation({
      organisationId: '00000000-0000-4000-8000-000000000000',
      seed: 19,
      providerCount: 40,
      prefix: 'test',
      newId: () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`,
    });
    expect(providers).toHaveLength(40);
    expect(providers.filter((provider) => !isValidNpi(provider.npi ?? ''))).toEqual([]);
    expect(new Set(providers.map((provider) => provider.npi)).size).toBe(40);
  });
});
