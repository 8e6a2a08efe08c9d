import { describe, expect, it } from 'vitest';
import { serviceCategoryOf } from './map-claims';

describe('serviceCategoryOf', () => {
  it("goes by the encounter's class when the claim names one", () => {
    expect(serviceCategoryOf({ claimType: 'institutional', encounterClass: 'IMP', placesOfService: ['11'] })).toBe(
      'inpatient',
    );
    expect(serviceCategoryOf({ claimType: 'professional', encounterClass: 'EMER', placesOfService: [] })).toBe(
      'emergency',
    );
    expect(serviceCategoryOf({ claimType: 'institutional', encounterClass: 'OBSENC', placesOfService: [] })).toBe(
      'outpatient',
    );
    expect(serviceCategoryOf({ claimType: 'institutional', encounterClass: 'AMB', placesOfService: ['19'] })).toBe(
      'outpatient',
    );
    expect(serviceCategoryOf({ claimType: 'institutional', encounterClass: 'AMB', placesOfService: ['11'] })).toBe(
      'professional',
    );
  });

  it('keeps a pharmacy claim in pharmacy, whatever it names', () => {
    expect(serviceCategoryOf({ claimType: 'pharmacy', encounterClass: 'IMP', placesOfService: [] })).toBe('pharmacy');
  });

  it('goes by the place of service, then the claim type, without an encounter', () => {
    expect(serviceCategoryOf({ claimType: 'institutional', encounterClass: undefined, placesOfService: ['21'] })).toBe(
      'inpatient',
    );
    expect(serviceCategoryOf({ claimType: null, encounterClass: undefined, placesOfService: ['23'] })).toBe(
      'emergency',
    );
    expect(serviceCategoryOf({ claimType: 'professional', encounterClass: undefined, placesOfService: ['21'] })).toBe(
      'professional',
    );
    expect(serviceCategoryOf({ claimType: 'institutional', encounterClass: undefined, placesOfService: [] })).toBe(
      'outpatient',
    );
    expect(serviceCategoryOf({ claimType: 'vision', encounterClass: undefined, placesOfService: [] })).toBe(
      'professional',
    );
    expect(serviceCategoryOf({ claimType: null, encounterClass: undefined, placesOfService: [] })).toBe('other');
  });
});
