import { addService, payerOf } from './claim-rows';
import type { PatientContext } from './generate-patient';
import { addDays, dollars, type Draw } from './random';

/**
 * What a plan allows for 30 days of each drug, by RxNorm code (2025 NADAC-based generic prices; list
 * prices less rebates for the brands): generics $4-40; insulin glargine $90-150 (unbranded and
 * biosimilar glargine after the 2024 list-price cuts), tiotropium $300-400, apixaban $480-560. A drug not
 * listed is priced as a generic.
 */
const MONTHLY_ALLOWED: Record<string, { allowed: readonly [number, number]; isBrand: boolean }> = {
  '860975': { allowed: [6, 12], isBrand: false }, // metformin ER
  '314076': { allowed: [4, 9], isBrand: false }, // lisinopril
  '617311': { allowed: [8, 18], isBrand: false }, // atorvastatin
  '312940': { allowed: [7, 15], isBrand: false }, // sertraline
  '200031': { allowed: [6, 12], isBrand: false }, // carvedilol
  '105585': { allowed: [20, 40], isBrand: false }, // methotrexate
  '997224': { allowed: [10, 22], isBrand: false }, // donepezil
  '197444': { allowed: [15, 35], isBrand: false }, // carbidopa / levodopa
  '311041': { allowed: [90, 150], isBrand: true }, // insulin glargine
  '1364445': { allowed: [480, 560], isBrand: true }, // apixaban [Eliquis]
  '485032': { allowed: [300, 400], isBrand: true }, // tiotropium
};
const GENERIC: { allowed: readonly [number, number]; isBrand: boolean } = { allowed: [5, 25], isBrand: false };

/**
 * A pharmacy claim for every fill of every drug the patient takes, from its start (or the first claims
 * day) to its end (or yesterday): 30-day fills, or 90-day fills for three generics in five and one brand
 * in four (mail order and 90-day retail, at a discount: about half of Part D maintenance fills now);
 * now and then a fill comes late. The member pays a copay
 * ($0-10 a month for a generic, $35-47 for a brand, $1-4 on Medicaid); the charge is the pharmacy's usual
 * price, well above what plans allow for generics.
 */
export function addPharmacyClaims(context: PatientContext, draw: Draw, from: string): void {
  const yesterday = addDays(context.options.today, -1);
  const isMedicaid = payerOf(context) === 'medicaid';
  for (const medication of context.rows.medications) {
    const price = MONTHLY_ALLOWED[medication.rxnormCode ?? ''] ?? GENERIC;
    const days = draw.chance(price.isBrand ? 0.25 : 0.6) ? 90 : 30;
    const months = days / 30;
    const last = medication.endDate && medication.endDate < yesterday ? medication.endDate : yesterday;
    let fill = medication.startDate > from ? medication.startDate : addDays(from, draw.integer(0, days - 1));
    for (; fill <= last; fill = addDays(fill, days + (draw.chance(0.12) ? draw.integer(3, 20) : draw.integer(-2, 3)))) {
      const allowed = dollars(draw.between(price.allowed[0], price.allowed[1], 2) * (days === 90 ? 2.7 : 1));
      const copay = isMedicaid
        ? draw.integer(1, 4)
        : price.isBrand
          ? draw.integer(35, 47) * months
          : draw.integer(0, 10) * months;
      addService(context, {
        start: fill,
        end: fill,
        encounterId: null,
        source: 'HIE',
        category: 'pharmacy',
        claimType: 'pharmacy',
        diagnoses: [],
        isPointOfSale: true,
        amounts: {
          billed: dollars(allowed * (price.isBrand ? draw.between(1.1, 1.2, 2) : draw.between(1.4, 2.2, 2))),
          allowed,
          paid: dollars(Math.max(0, allowed - copay)),
        },
      });
    }
  }
}
