import type { APIRequestContext } from '@playwright/test';
import { demoAccount } from '../fixtures/accounts';
import { expectNoAxeViolations } from '../fixtures/accessibility';
import { today } from '../fixtures/demo-data';
import { expect, test } from '../fixtures/signed-in';
import { AdminApiClientsPage } from '../pages/admin-api-clients-page';

test.use({ signedInAs: 'admin' });

/** The measurement period the analysis evaluates: this calendar year. */
const YEAR = today().slice(0, 4);
const PERIOD = `periodStart=${YEAR}-01-01&periodEnd=${YEAR}-12-31`;

interface Resource {
  resourceType: string;
  modifierExtension?: { valueCodeableConcept?: { coding?: { code?: string }[] } }[];
  reporter?: { reference?: string };
}
interface CareGapsAnswer {
  resourceType: string;
  parameter?: { name: string; resource: { type: string; entry: { resource: Resource }[] } }[];
}

/** `Measure/$care-gaps` as another system calls it, with these headers. */
function careGaps(request: APIRequestContext, query: string, headers: Record<string, string>) {
  return request.get(`/api/fhir/Measure/$care-gaps?${query}`, { headers });
}

test("an admin gives a payer a token, the payer reads the organisation's care gaps as FHIR, and is refused once it is revoked", async ({
  page,
  request,
}) => {
  const section = new AdminApiClientsPage(page);
  let secret = '';
  let organization = '';

  await test.step('the admin opens API clients in the admin tool: the FHIR address and the organization to name', async () => {
    await section.open();
    await expect(section.heading()).toBeVisible();
    await expect(page.getByText(/\/api\/fhir$/).first()).toBeVisible();
    organization = await section.organization();
    expect(organization).toMatch(/^Organization\//);
    await expect(
      page.getByText('No API client token yet').or(section.tokens().getByRole('row').nth(1)).first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the API clients section');
  });

  await test.step('makes a token for Acme Health Plan, shown once', async () => {
    secret = await section.createToken('Acme Health Plan');
    expect(secret).toMatch(/^cairn_api_/);
    await expectNoAxeViolations(page, 'the new token, shown once');
    await section.shownTokenDialog().getByRole('button', { name: 'Done' }).click();
    await expect(section.row('Acme Health Plan')).toContainText('Read care gaps (FHIR)');
    await expect(page.getByText(secret)).toHaveCount(0);
  });

  await test.step('the payer reads the open gaps with it: per patient a DEQM document Bundle, Composition first', async () => {
    let answer: CareGapsAnswer = { resourceType: '' };
    // The demo is analysed in the background after the server starts: ask again until its gaps are stored.
    await expect(async () => {
      const response = await careGaps(request, `${PERIOD}&organization=${organization}&status=open-gap&_count=5`, {
        authorization: `Bearer ${secret}`,
      });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/fhir+json; charset=utf-8');
      answer = (await response.json()) as CareGapsAnswer;
      expect(answer.parameter?.length ?? 0).toBeGreaterThan(0);
    }).toPass({ timeout: 90_000 });
    expect(answer.resourceType).toBe('Parameters');
    for (const part of answer.parameter ?? []) {
      expect(part.name).toBe('return');
      expect(part.resource.type).toBe('document');
      const resources = part.resource.entry.map((entry) => entry.resource);
      expect(resources[0]?.resourceType).toBe('Composition');
      const statuses = resources
        .filter((resource) => resource.resourceType === 'DetectedIssue')
        .map((issue) => issue.modifierExtension?.[0]?.valueCodeableConcept?.coding?.[0]?.code);
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set(['open-gap']));
      const reports = resources.filter((resource) => resource.resourceType === 'MeasureReport');
      expect(reports.map((report) => report.reporter?.reference)).toContain(organization);
    }
  });

  await test.step('the quality lead may read them too, with their own sign-in', async () => {
    const quality = demoAccount('quality');
    const login = await request.post('/api/auth/login', {
      data: { username: quality.username, password: quality.password },
    });
    const { token } = ((await login.json()) as { result: { token: string } }).result;
    const asLead = await careGaps(request, `${PERIOD}&organization=${organization}&status=closed-gap&_count=5`, {
      token,
    });
    expect(asLead.status()).toBe(200);
  });

  await test.step('a parameter missing is named in an OperationOutcome', async () => {
    const response = await careGaps(request, `periodEnd=2025-12-31&organization=${organization}&status=open-gap`, {
      authorization: `Bearer ${secret}`,
    });
    expect(response.status()).toBe(400);
    const outcome = (await response.json()) as { resourceType: string; issue: { expression?: string[] }[] };
    expect(outcome.resourceType).toBe('OperationOutcome');
    expect(outcome.issue[0]?.expression).toEqual(['periodStart']);
  });

  await test.step('the admin revokes the token: the payer is refused from its next request', async () => {
    await section.revoke('Acme Health Plan');
    await expect(section.row('Acme Health Plan')).toContainText('Revoked');
    const response = await careGaps(request, `${PERIOD}&organization=${organization}&status=open-gap`, {
      authorization: `Bearer ${secret}`,
    });
    expect(response.status()).toBe(401);
  });
});
