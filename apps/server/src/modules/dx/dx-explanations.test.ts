import type { SuggestionEvidence } from '@cairn/clinical';
import { describe, expect, it } from 'vitest';
import { evidenceOut, explanationText, listKindOf } from './dx-explanations';
import { suggestionOf } from './dx-test-support';

describe('in-app explanations', () => {
  it('says where and when a recapture was last coded', () => {
    const fromClaim = suggestionOf('E1122', {
      category: 'Recapture',
      evidence: [
        { resourceType: 'Condition', date: '2024-03-01', source: 'EHR' },
        { resourceType: 'Claim', date: '2025-07-09', source: 'EHR' },
      ],
    });
    expect(explanationText('readdress', { suggestion: fromClaim, hccLabel: null, year: 2026 })).toBe(
      'Coded in 2025 on a claim, not yet in 2026: readdress it if it is still present.',
    );
    const fromPartner = suggestionOf('E1122', {
      category: 'Recapture',
      evidence: [{ resourceType: 'Condition', date: '2024-03-01', source: 'HIE' }],
    });
    expect(explanationText('readdress', { suggestion: fromPartner, hccLabel: null, year: 2026 })).toBe(
      'Coded in 2024 at a partner organisation (HIE), not yet in 2026: readdress it if it is still present.',
    );
  });

  it('says a recapture was last coded as a visit reason, and names visit reasons and care plans among the evidence', () => {
    const fromVisit = suggestionOf('I509', {
      category: 'Recapture',
      evidence: [
        { resourceType: 'Condition', date: '2024-03-01', source: 'EHR' },
        { resourceType: 'Encounter', date: '2025-03-01', source: 'EHR' },
      ],
    });
    expect(explanationText('readdress', { suggestion: fromVisit, hccLabel: null, year: 2026 })).toBe(
      'Coded in 2025 as a visit reason at this practice (EHR), not yet in 2026: readdress it if it is still present.',
    );
    const suggestion = suggestionOf('J449', {
      evidence: [{ resourceType: 'CarePlan' }, { resourceType: 'Encounter' }],
    });
    expect(explanationText('new-hcc', { suggestion, hccLabel: 'COPD', year: 2026 })).toBe(
      'Not coded in the last two years; care plans and visit reasons from before 2026 point to HCC "COPD".',
    );
  });

  it('names the HCC and the kinds of evidence of a suspect', () => {
    const suggestion = suggestionOf('N184', {
      evidence: [
        { resourceType: 'Observation' },
        { resourceType: 'MedicationRequest' },
        { resourceType: 'DocumentReference' },
      ],
    });
    expect(
      explanationText('existing-hcc', { suggestion, hccLabel: 'Chronic Kidney Disease, Severe (Stage 4)', year: 2026 }),
    ).toBe(
      'HCC "Chronic Kidney Disease, Severe (Stage 4)" or a related condition was coded in an earlier year; results, medications and notes support coding it this year.',
    );
  });

  it('has a sentence for every group', () => {
    const suggestion = suggestionOf('E785');
    const decidedBy = { name: 'Cora Coder', role: 'coder' as const, at: new Date('2026-05-01T10:00:00Z') };
    for (const group of [
      'new-hcc',
      'new-hcc-mid-year',
      'existing-hcc-mid-year',
      'partner-organisation-notes',
      'no-hcc',
    ] as const) {
      expect(explanationText(group, { suggestion, hccLabel: null, year: 2026 })).toMatch(/^[A-Z].+\.$/);
    }
    expect(explanationText('coder-rejected', { suggestion, hccLabel: null, year: 2026, decidedBy })).toBe(
      'Rejected by Cora Coder (coder) on 2026-05-01; shown again for review.',
    );
    expect(explanationText('cart-for-coder', { suggestion, hccLabel: null, year: 2026, decidedBy })).toBe(
      'In the cart: accepted by Cora Coder (coder) on 2026-05-01.',
    );
  });
});

describe('suggestion-list kind', () => {
  it('is Comment with a note, Document for documents only, Single for one, Collection for several', () => {
    const documentEvidence = evidenceOut(suggestionOf('E1140').evidence[0]!);
    const document = { ...documentEvidence, resourceType: 'DocumentReference' };
    expect(listKindOf([document], true)).toBe('Comment');
    expect(listKindOf([document, document], false)).toBe('Document');
    expect(listKindOf([documentEvidence], false)).toBe('Single');
    expect(listKindOf([documentEvidence, document], false)).toBe('Collection');
  });
});

describe('where evidence opens', () => {
  const cited = (item: Partial<SuggestionEvidence>) => evidenceOut({ ...suggestionOf('E1140').evidence[0]!, ...item });

  it("opens a document cited by Cairn's id at its snippet, and nothing for a citation Cairn cannot open", () => {
    const documentId = '5f0c3a52-34d1-4b8e-9a53-2a3f4c1d9e21';
    expect(cited({ resourceType: 'DocumentReference', resourceId: documentId, text: 'monofilament' }).link).toEqual({
      kind: 'document',
      documentId,
      highlight: 'monofilament',
    });
    expect(cited({ resourceType: 'DocumentReference', resourceId: 'hie-doc-77' }).link).toEqual({ kind: 'none' });
  });

  it("opens a lab's trend by its LOINC code", () => {
    expect(cited({ resourceType: 'Observation', code: '4548-4' }).link).toEqual({
      kind: 'lab',
      code: '4548-4',
      system: 'http://loinc.org',
    });
  });
});

describe('what evidence says', () => {
  const cited = (item: Partial<SuggestionEvidence>) => evidenceOut({ ...suggestionOf('E1140').evidence[0]!, ...item });

  it('gives the code of a claim line or a coded diagnosis its ICD-10-CM title', () => {
    const claim = cited({ resourceType: 'Claim', code: 'E119', text: 'E119' });
    expect(claim).toMatchObject({ code: 'E119', codeTitle: 'Type 2 diabetes mellitus without complications' });
    const condition = cited({ resourceType: 'Condition', code: 'N1831', text: 'CKD 3a' });
    expect(condition.codeTitle).toBe('Chronic kidney disease, stage 3a');
  });

  it('names no title for a code that is not a diagnosis or not in the catalog', () => {
    expect(cited({ resourceType: 'Observation', code: '4548-4' })).not.toHaveProperty('codeTitle');
    expect(cited({ resourceType: 'Claim', code: 'ZZZ99' })).not.toHaveProperty('codeTitle');
  });

  it('answers the decimal places a result was reported with, and none when they are unknown', () => {
    const reported = cited({ resourceType: 'Observation', code: '4548-4', value: 7.7, decimals: 2, unit: '%' });
    expect(reported).toMatchObject({ value: 7.7, decimals: 2, unit: '%' });
    const { decimals: _decimals, ...withoutPlaces } = suggestionOf('E1140').evidence[0]!;
    expect(evidenceOut({ ...withoutPlaces, value: 7.7 })).not.toHaveProperty('decimals');
  });
});
