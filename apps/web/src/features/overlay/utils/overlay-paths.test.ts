import { describe, expect, it } from 'vitest';
import { fullScreenPathFor, fullScreenSearch, overlayPathFor } from './overlay-paths';

const SID = '22222222-2222-4222-8222-222222222222';

describe('overlay paths', () => {
  it('prefixes the summary views with /overlay', () => {
    expect(overlayPathFor(`/${SID}`)).toBe(`/overlay/${SID}`);
    expect(overlayPathFor('/patient/p1/appointment/a1/documents')).toBe('/overlay/patient/p1/appointment/a1/documents');
    expect(overlayPathFor('/summary/guess-match-not-found')).toBe('/overlay/summary/guess-match-not-found');
  });

  it('leaves overlay paths and screens without an overlay variant alone', () => {
    expect(overlayPathFor(`/overlay/${SID}`)).toBeUndefined();
    expect(overlayPathFor('/overlay/patient/p1')).toBeUndefined();
    expect(overlayPathFor('/schedule')).toBeUndefined();
    expect(overlayPathFor('/admin')).toBeUndefined();
    expect(overlayPathFor('/')).toBeUndefined();
  });

  it('opens the full-screen twin of an overlay path', () => {
    expect(fullScreenPathFor('/overlay/patient/p1/appointment/a1/quality')).toBe('/patient/p1/appointment/a1/quality');
    expect(fullScreenPathFor(`/overlay/${SID}`)).toBe(`/${SID}`);
    expect(fullScreenPathFor(`/overlay/hcc/${SID}`)).toBe(`/${SID}`);
    expect(fullScreenPathFor('/overlay/documents/patient/p1/appointment/a1')).toBe(
      '/patient/p1/appointment/a1/documents',
    );
    expect(fullScreenPathFor('/overlay/summary/guess-match-not-found')).toBe('/summary/guess-match-not-found');
  });

  it('drops the add-on origin from a full-screen query', () => {
    expect(fullScreenSearch('?addonOrigin=https%3A%2F%2Fehr.example&generalInfoChartPage=1')).toBe(
      '?generalInfoChartPage=1',
    );
    expect(fullScreenSearch('?addonOrigin=x')).toBe('');
  });
});
