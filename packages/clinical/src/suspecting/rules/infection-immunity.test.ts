import { describe, expect, it } from 'vitest';
import { aClaim, aMedication, aPatient, aResult } from '../testing/factories';
import { suggestedCodes, suggestionFor } from '../testing/expect-suggestions';

describe('antiretrovirals: HIV treatment told apart from PrEP and hepatitis B', () => {
  it('suggests HIV disease for bictegravir/emtricitabine/tenofovir alafenamide', () => {
    const suggestion = suggestionFor(
      aPatient({
        medications: [
          aMedication(
            'bictegravir 50 MG / emtricitabine 200 MG / tenofovir alafenamide 25 MG Oral Tablet [Biktarvy]',
            '2025-01-01',
          ),
        ],
      }),
      'B20',
    );
    expect(suggestion?.suspectKind).toBe('clinical-correlation-needed');
    expect(suggestion?.hcc.v28).toEqual([1]);
  });

  it('does not suggest HIV for emtricitabine/tenofovir alone (PrEP)', () => {
    expect(
      suggestedCodes(
        aPatient({
          medications: [
            aMedication(
              'emtricitabine 200 MG / tenofovir disoproxil fumarate 300 MG Oral Tablet [Truvada]',
              '2025-01-01',
            ),
          ],
        }),
      ),
    ).toEqual([]);
    expect(suggestedCodes(aPatient({ medications: [aMedication('Descovy', '2025-01-01')] }))).toEqual([]);
  });

  it('does not suggest HIV for injectable cabotegravir alone (PrEP) but does for cabotegravir with rilpivirine', () => {
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('cabotegravir 600 MG/3ML Injection [Apretude]', '2025-01-01')] }),
      ),
    ).toEqual([]);
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('cabotegravir / rilpivirine Injection [Cabenuva]', '2025-01-01')] }),
      ),
    ).toEqual(['B20']);
  });

  it('does not suggest HIV for tenofovir alone (hepatitis B) or for nirmatrelvir with ritonavir (COVID-19)', () => {
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('tenofovir alafenamide 25 MG Oral Tablet [Vemlidy]', '2025-01-01')] }),
      ),
    ).toEqual([]);
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('nirmatrelvir 150 MG / ritonavir 100 MG [Paxlovid]', '2026-01-01')] }),
      ),
    ).toEqual([]);
  });

  it('suggests HIV for a three-drug regimen of shared antivirals', () => {
    const medications = [
      aMedication('Truvada', '2025-01-01'),
      aMedication('lamivudine 150 MG Oral Tablet', '2025-01-01'),
    ];
    expect(suggestedCodes(aPatient({ medications }))).toEqual(['B20']);
  });
});

const rf = (value: number, date: string) => aResult('11572-5', value, '[IU]/mL', date);
const antiCcp = (value: number, date: string) => aResult('53027-9', value, '[U]/mL', date);

describe('DMARDs with serology', () => {
  const methotrexate = aMedication('methotrexate 2.5 MG Oral Tablet', '2025-02-01');

  it('suggests rheumatoid arthritis with rheumatoid factor for methotrexate and RF 35 IU/mL', () => {
    expect(
      suggestionFor(aPatient({ medications: [methotrexate], observations: [rf(35, '2024-12-01')] }), 'M059')
        ?.suspectKind,
    ).toBe('clinical-correlation-needed');
  });

  it('suggests rheumatoid arthritis unspecified for anti-CCP positive with a negative RF', () => {
    const record = aPatient({
      medications: [methotrexate],
      observations: [rf(8, '2024-12-01'), antiCcp(85, '2024-12-01')],
    });
    expect(suggestedCodes(record)).toEqual(['M069']);
  });

  it('reads a qualitative positive result', () => {
    const record = aPatient({
      medications: [methotrexate],
      observations: [{ ...rf(0, '2024-12-01'), value: undefined, valueText: 'Positive' }],
    });
    expect(suggestedCodes(record)).toEqual(['M059']);
  });

  it('suggests nothing for methotrexate without positive serology (psoriasis, cancer)', () => {
    expect(suggestedCodes(aPatient({ medications: [methotrexate], observations: [rf(20, '2024-12-01')] }))).toEqual([]);
    expect(suggestedCodes(aPatient({ medications: [methotrexate] }))).toEqual([]);
  });

  it('suggests nothing for positive serology without a DMARD', () => {
    expect(suggestedCodes(aPatient({ observations: [rf(60, '2024-12-01')] }))).toEqual([]);
  });
});

const hcvRna = (value: number, date: string) => aResult('11011-4', value, '[IU]/mL', date);

describe('hepatitis C viraemia', () => {
  it('suggests chronic hepatitis C when HCV RNA stays detectable for 6 months', () => {
    const record = aPatient({ observations: [hcvRna(250000, '2025-06-01'), hcvRna(180000, '2025-12-01')] });
    expect(suggestionFor(record, 'B182')?.suspectKind).toBe('meets-diagnostic-criteria');
  });

  it('calls it chronic at 183 days apart, not at 182', () => {
    const chronic = aPatient({ observations: [hcvRna(9000, '2025-06-01'), hcvRna(9000, '2025-12-01')] });
    const short = aPatient({ observations: [hcvRna(9000, '2025-06-01'), hcvRna(9000, '2025-11-30')] });
    expect(suggestionFor(chronic, 'B182')?.suspectKind).toBe('meets-diagnostic-criteria');
    expect(suggestionFor(short, 'B182')?.suspectKind).toBe('clinical-correlation-needed');
  });

  it('asks for correlation on a single detectable result', () => {
    expect(suggestionFor(aPatient({ observations: [hcvRna(250000, '2026-03-01')] }), 'B182')?.suspectKind).toBe(
      'clinical-correlation-needed',
    );
  });

  it('suggests nothing once the latest result is undetectable (cured)', () => {
    const record = aPatient({
      observations: [hcvRna(250000, '2025-01-01'), hcvRna(250000, '2025-08-01'), hcvRna(0, '2026-02-01')],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });

  it('does not repeat hepatitis C coded in the prior two years as a suspect', () => {
    const record = aPatient({ claims: [aClaim('B182', '2025-02-01')], observations: [hcvRna(250000, '2026-03-01')] });
    expect(suggestionFor(record, 'B182')?.category).toBe('Recapture');
  });
});

describe('post-exposure prophylaxis', () => {
  it('does not read a 28-day PEP course as HIV treatment', () => {
    const medications = [
      aMedication('Truvada', '2025-09-01', { status: 'completed', endDate: '2025-09-29' }),
      aMedication('dolutegravir 50 MG Oral Tablet', '2025-09-01', { status: 'completed', endDate: '2025-09-29' }),
    ];
    expect(suggestedCodes(aPatient({ medications }))).toEqual([]);
  });

  it('reads the same regimen taken for 60 days or more as HIV treatment', () => {
    const medications = [
      aMedication('Truvada', '2026-04-02'),
      aMedication('dolutegravir 50 MG Oral Tablet', '2026-04-02'),
    ];
    expect(suggestedCodes(aPatient({ medications }))).toEqual(['B20']);
  });
});

describe('interferons', () => {
  it('does not read peginterferon alfa (hepatitis) as an MS therapy, but does peginterferon beta-1a', () => {
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('peginterferon alfa-2a 180 MCG/ML [Pegasys]', '2025-09-01')] }),
      ),
    ).toEqual([]);
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('peginterferon beta-1a 125 MCG [Plegridy]', '2025-09-01')] }),
      ),
    ).toEqual(['G35D']);
  });
});
