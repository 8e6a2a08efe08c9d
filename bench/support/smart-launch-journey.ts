import type { Browser } from '@playwright/test';
import type { BenchDatabase } from './bench-database';

/** One of the sandbox EHR's encounters of today, which its "Launch Cairn" button would launch. */
export interface SandboxEncounter {
  patientFhirId: string;
  encounterFhirId: string;
}

/** The sandbox EHR's FHIR base (the launch's `iss`) and the encounters of the clinician it signs in as. */
export async function readSandboxScreen(
  browser: Browser,
  base: string,
): Promise<{ fhirBase: string; encounters: SandboxEncounter[] }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/sandbox/`);
    const fhirBase = (await page.locator('body').getAttribute('data-fhir-base')) ?? '';
    // Maya Rivera's rows: the sandbox signs in as her, and her patients are hers to see.
    const rows = page.getByTestId('encounter-row').filter({ hasText: 'Maya Rivera' });
    const encounters = await rows.evaluateAll((elements) =>
      elements.map((row) => ({
        patientFhirId: row.getAttribute('data-patient-id') ?? '',
        encounterFhirId: row.getAttribute('data-encounter-id') ?? '',
      })),
    );
    if (!fhirBase || encounters.length === 0) throw new Error('The sandbox EHR shows no encounter of Maya Rivera');
    return { fhirBase, encounters };
  } finally {
    await context.close();
  }
}

/**
 * A full-window SMART EHR launch as the sandbox's "Launch Cairn" makes it: the clock runs from opening
 * Cairn's launch URL (`/epic/login?iss&launch`) in a new browser context until the portrait's banner
 * shows (through the sandbox's authorization page and back, the code exchange and the patient's read).
 */
export async function smartLaunchJourney(
  browser: Browser,
  options: { base: string; fhirBase: string; encounter: SandboxEncounter },
): Promise<number> {
  const response = await fetch(`${options.base}/sandbox/auth/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ patient: options.encounter.patientFhirId, encounter: options.encounter.encounterFhirId }),
  });
  if (!response.ok) throw new Error(`The sandbox refused the launch: ${String(response.status)}`);
  const { launch } = (await response.json()) as { launch: string };
  const url = new URL('/epic/login', options.base);
  url.search = new URLSearchParams({ iss: options.fhirBase, launch }).toString();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(url.toString());
    await page.getByTestId('patient-banner').getByText('MRN').first().waitFor({ state: 'visible', timeout: 60_000 });
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

/**
 * Makes the next launch the day's first: waits until no EHR read has been recorded for two seconds (a
 * previous launch's reads in the background), then forgets every patient's last read, so that the
 * launch patient and the day's schedule are all due again.
 */
export async function forgetEhrReads(database: BenchDatabase): Promise<void> {
  let previous = '';
  let quietSince = performance.now();
  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    const [row] = await database.query<{ state: string }>(
      `select count(*) || ' ' || coalesce(max(last_attempt_at)::text, '') as state from ehr_patient_syncs`,
    );
    const state = row?.state ?? '';
    if (state !== previous) {
      previous = state;
      quietSince = performance.now();
    } else if (performance.now() - quietSince >= 2_000) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await database.query('delete from ehr_patient_syncs');
}
