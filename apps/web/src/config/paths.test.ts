import { describe, expect, it } from 'vitest';
import { isOverlayPath, paths, qualityPatientViewHref, withQuery } from './paths';

describe('paths', () => {
  it('builds links from their patterns', () => {
    expect(paths.schedule.href()).toBe('/schedule');
    expect(paths.patientTab.href({ cairnPatientId: 'p-1', tab: 'documents' })).toBe('/patient/p-1/documents');
    expect(
      paths.overlayTabPatientAppointment.href({ tab: 'dx-summary', cairnPatientId: 'p 1', cairnAppointmentId: 'a' }),
    ).toBe('/overlay/dx-summary/patient/p%201/appointment/a');
  });

  it('tells overlay paths from full-screen ones', () => {
    expect(isOverlayPath('/overlay/login')).toBe(true);
    expect(isOverlayPath('/overlayish')).toBe(false);
    expect(isOverlayPath('/schedule')).toBe(false);
  });

  it('adds query parameters to a link, leaving out those not given', () => {
    expect(withQuery('/quality-tab', { cairnPatientId: 'p 1', cairnAppointmentId: undefined })).toBe(
      '/quality-tab?cairnPatientId=p+1',
    );
    expect(withQuery('/quality-tab', {})).toBe('/quality-tab');
    expect(qualityPatientViewHref({ cairnPatientId: 'p', cairnAppointmentId: 'a' })).toBe(
      '/quality-tab?cairnPatientId=p&cairnAppointmentId=a',
    );
  });
});
