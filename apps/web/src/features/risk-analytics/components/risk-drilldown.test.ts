import { describe, expect, it } from 'vitest';
import { drillColumns } from './risk-drilldown';

const shown = (measure: Parameters<typeof drillColumns>[0]) =>
  drillColumns(measure)
    .filter((column) => column.isExportOnly !== true)
    .map((column) => column.title);

describe('the columns of a drilled list', () => {
  it('gives an open suggestion its next visit, code and HCC, and no day of its own', () => {
    expect(shown('openSuggestions')).toEqual([
      'Patient',
      'Next visit',
      'Code',
      'HCC',
      'What happened',
      'Provider',
      'Clinic',
    ]);
  });

  it('gives a decision its visit, the day decided and the days it took', () => {
    expect(shown('decided')).toEqual([
      'Patient',
      'Visit',
      'Code',
      'HCC',
      'What happened',
      'Decided',
      'Days to decision',
      'Provider',
      'Clinic',
    ]);
  });

  it("gives a chronic HCC not yet documented its next visit and last year's day, and a RAF gap its two scores", () => {
    expect(shown('notRecaptured')).toEqual([
      'Patient',
      'Next visit',
      'HCC',
      'What happened',
      'Last documented',
      'Provider',
      'Clinic',
    ]);
    expect(shown('raf')).toEqual([
      'Patient',
      'Next visit',
      'What happened',
      'RAF now',
      'RAF if addressed',
      'Provider',
      'Clinic',
    ]);
  });
});
