import type { Resource } from '@medplum/fhirtypes';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadSandboxData } from '../data/load-sandbox-data.js';
import { createSandboxRepository } from '../fhir/sandbox-repository.js';
import { ehrSandbox } from '../plugin.js';
import { CLIENT, PUBLIC_URL } from '../testing/sandbox-test-app.js';
import { formatBirthDate, formatTime, ICD_10_CM_SYSTEM } from './today-encounters.js';

/** Noon on 21 November 2026 in the server's own time zone: "today" is the server's local date. */
const NOW = new Date(2026, 10, 21, 12, 0).getTime();
const at = (day: number, hours: number, minutes: number): string =>
  new Date(2026, 10, day, hours, minutes).toISOString();

function encounter(id: string, options: { patient: string; start: string; participant?: object }): Resource {
  return {
    resourceType: 'Encounter',
    id,
    status: 'in-progress',
    class: { code: 'AMB' },
    subject: { reference: `Patient/${options.patient}` },
    period: { start: options.start },
    ...(options.participant ? { participant: [options.participant] } : {}),
  };
}

function condition(
  id: string,
  encounterId: string,
  coding: { system: string; code: string; display: string },
): Resource {
  return {
    resourceType: 'Condition',
    id,
    subject: { reference: 'Patient/ada' },
    encounter: { reference: `Encounter/${encounterId}` },
    code: { coding: [coding] },
  };
}

const RESOURCES: Resource[] = [
  { resourceType: 'Patient', id: 'ada', name: [{ given: ['Ada'], family: 'Lovelace' }], birthDate: '1950-03-07' },
  { resourceType: 'Patient', id: 'mallory', name: [{ family: '<script>alert(1)</script>' }], birthDate: '1961-12-01' },
  { resourceType: 'Practitioner', id: 'grace', name: [{ given: ['Grace'], family: 'Hopper' }] },
  encounter('afternoon', {
    patient: 'mallory',
    start: at(21, 14, 15),
    participant: { individual: { display: 'Dr. Who' } },
  }),
  encounter('morning', {
    patient: 'ada',
    start: at(21, 9, 30),
    participant: { individual: { reference: 'Practitioner/grace' } },
  }),
  encounter('yesterday', { patient: 'ada', start: at(20, 10, 0) }),
  condition('diabetes', 'morning', { system: ICD_10_CM_SYSTEM, code: 'E11.9', display: 'Type 2 diabetes mellitus' }),
  condition('snomed-only', 'morning', { system: 'http://snomed.info/sct', code: '38341003', display: 'Hypertension' }),
  condition('old', 'yesterday', { system: ICD_10_CM_SYSTEM, code: 'I10', display: 'Essential hypertension' }),
];

async function buildScreenSandbox(cairn?: { url: string }): Promise<FastifyInstance> {
  const repository = createSandboxRepository();
  await loadSandboxData(repository, {
    resourceType: 'Bundle',
    type: 'collection',
    entry: RESOURCES.map((resource) => ({ resource })),
  });
  const app = Fastify();
  await app.register(ehrSandbox, {
    prefix: '/sandbox',
    publicUrl: PUBLIC_URL,
    clients: [CLIENT],
    repository,
    now: () => NOW,
    ...(cairn ? { cairn } : {}),
  });
  await app.ready();
  return app;
}

async function screenHtml(app: FastifyInstance, url = '/sandbox/'): Promise<string> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.body;
}

/** The rows' opening tags, in page order. */
function rowTags(html: string): string[] {
  return [...html.matchAll(/<tr data-testid="encounter-row"[^>]*>/g)].map((match) => match[0]);
}

function attribute(tag: string, name: string): string {
  const value = new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

describe('the EHR screen', () => {
  it("lists today's encounters by start time with patient, birth date, practitioner and status, and not yesterday's", async () => {
    const app = await buildScreenSandbox({ url: 'http://cairn.test' });
    const html = await screenHtml(app);

    expect(html).toContain('<title>Sandbox EHR</title>');
    expect(html).toContain("Today's encounters");
    expect(rowTags(html).map((tag) => attribute(tag, 'data-encounter-id'))).toEqual(['morning', 'afternoon']);
    expect(rowTags(html).map((tag) => attribute(tag, 'data-patient-id'))).toEqual(['ada', 'mallory']);
    expect(html).toContain(
      '<td>09:30 AM</td><td>Ada Lovelace</td><td>03/07/1950</td><td>Grace Hopper</td><td>in-progress</td>',
    );
    expect(html).toContain('<td>02:15 PM</td>');
    expect(html).toContain('<td>Dr. Who</td>');
    expect(html).not.toContain('yesterday');
  });

  it('escapes a patient name that contains a script tag', async () => {
    const app = await buildScreenSandbox({ url: 'http://cairn.test' });
    const html = await screenHtml(app);

    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<script/g)).toEqual(['<script']);
    expect(html).toContain('<script src="/sandbox/screen.js" defer></script>');
  });

  it("carries the encounter's ICD-10-CM diagnoses on its row, for the add-on's cart load", async () => {
    const app = await buildScreenSandbox({ url: 'http://cairn.test' });
    const [morning, afternoon] = rowTags(await screenHtml(app));

    expect(JSON.parse(attribute(morning ?? '', 'data-diagnoses'))).toEqual([
      { icd10Code: 'E11.9', description: 'Type 2 diabetes mellitus' },
    ]);
    expect(JSON.parse(attribute(afternoon ?? '', 'data-diagnoses'))).toEqual([]);
  });

  it("is also served at /screen and at the prefix without a slash, naming Cairn's URL and the FHIR base for the script", async () => {
    const app = await buildScreenSandbox({ url: 'http://cairn.test/' });

    for (const url of ['/sandbox', '/sandbox/screen']) {
      const html = await screenHtml(app, url);
      expect(html).toContain('data-cairn-url="http://cairn.test"');
      expect(html).toContain(`data-fhir-base="${PUBLIC_URL}/fhir"`);
      expect(html).toContain('data-prefix="/sandbox"');
    }
  });

  it('enables the launch buttons when Cairn is configured', async () => {
    const app = await buildScreenSandbox({ url: 'http://cairn.test' });
    const html = await screenHtml(app);

    expect(html).toContain('<button type="button" data-action="launch">Launch Cairn</button>');
    expect(html).toContain('<button type="button" data-action="panel">Open in panel</button>');
    expect(html).toContain('<button type="button" data-action="ping">Ping Cairn</button>');
    expect(html).toContain('<iframe title="Cairn"');
    expect(html).not.toContain('Cairn is not configured');
  });

  it('says Cairn is not configured and disables its buttons without the cairn option', async () => {
    const app = await buildScreenSandbox();
    const html = await screenHtml(app);

    expect(html).toContain('Cairn is not configured');
    expect(html).toContain('<button type="button" data-action="launch" disabled>Launch Cairn</button>');
    expect(html).toContain('<button type="button" data-action="panel" disabled>Open in panel</button>');
    expect(html).toContain('<button type="button" data-action="ping" disabled>Ping Cairn</button>');
    expect(html).toContain('data-cairn-url=""');
  });

  it('takes a launch for a row as the script asks for it (JSON patient and encounter)', async () => {
    const app = await buildScreenSandbox({ url: 'http://cairn.test' });
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/auth/launch',
      payload: { patient: 'ada', encounter: 'morning' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().launch).toEqual(expect.any(String));
  });
});

describe('the EHR screen script', () => {
  it('is served as JavaScript and speaks the add-on protocol', async () => {
    const app = await buildScreenSandbox({ url: 'http://cairn.test' });
    const response = await app.inject({ method: 'GET', url: '/sandbox/screen.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toContain("data.destination === 'to-addon'");
    expect(response.body).toContain("window.addEventListener('message', onMessage)");
  });
});

describe("the screen's conditions of an encounter", () => {
  it("answers the encounter's conditions with their code and display", async () => {
    const app = await buildScreenSandbox({ url: 'http://cairn.test' });
    const response = await app.inject({ method: 'GET', url: '/sandbox/screen/encounters/morning/conditions' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 'diabetes', code: 'E11.9', display: 'Type 2 diabetes mellitus' },
      { id: 'snomed-only', code: '38341003', display: 'Hypertension' },
    ]);
  });

  it('answers 404 for an unknown encounter', async () => {
    const app = await buildScreenSandbox({ url: 'http://cairn.test' });
    const response = await app.inject({ method: 'GET', url: '/sandbox/screen/encounters/nope/conditions' });

    expect(response.statusCode).toBe(404);
  });
});

describe('the public discovery documents', () => {
  it('answer any origin (a stand-alone sandbox is on another origin than Cairn)', async () => {
    const app = await buildScreenSandbox();
    for (const url of ['/sandbox/fhir/.well-known/smart-configuration', '/sandbox/fhir/metadata']) {
      const response = await app.inject({ method: 'GET', url, headers: { origin: 'http://cairn.test' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });
});

describe('the screen formats', () => {
  it('writes times as hh:mm A on a 12-hour clock', () => {
    expect(formatTime(new Date(2026, 10, 21, 0, 5))).toBe('12:05 AM');
    expect(formatTime(new Date(2026, 10, 21, 12, 0))).toBe('12:00 PM');
    expect(formatTime(new Date(2026, 10, 21, 23, 59))).toBe('11:59 PM');
  });

  it('writes a birth date as MM/DD/YYYY without shifting its day', () => {
    expect(formatBirthDate('1950-03-07')).toBe('03/07/1950');
    expect(formatBirthDate(undefined)).toBe('');
  });
});
