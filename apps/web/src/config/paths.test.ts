import { describe, expect, it } from 'vitest';
import { isOverlayPath, paths } from './paths';

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
});
