/* global document, window, Element */
// The sandbox EHR screen's script: plain browser JavaScript, served as a file because the host's CSP
// forbids inline scripts. It launches Cairn and speaks the add-on protocol of spec §4 with Cairn's
// frame; the message shapes mirror packages/contracts/src/addon.ts.
'use strict';

const body = document.body;
const prefix = body.dataset.prefix ?? '';
const fhirBase = body.dataset.fhirBase ?? '';
const cairnUrl = (body.dataset.cairnUrl ?? '').replace(/\/+$/, '');
const cairnOrigin = cairnUrl ? new URL(cairnUrl).origin : '';
const iframe = document.querySelector('iframe[title="Cairn"]');
const byTestId = (id) => document.querySelector(`[data-testid="${id}"]`);

/** The encounter opened in the panel and what Cairn told about it. */
const panel = { patientId: '', encounterId: '', summaryId: '', diagnoses: [] };
let ignoredCount = 0;

/** A launch id from the sandbox's authorization server (same origin, so no token or CORS). */
async function createLaunch(row) {
  const response = await fetch(`${prefix}/auth/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ patient: row.dataset.patientId, encounter: row.dataset.encounterId }),
  });
  if (!response.ok) throw new Error(`launch failed: HTTP ${response.status}`);
  return (await response.json()).launch;
}

function cairnLoginUrl(path, launch, extra) {
  const url = new URL(path, cairnUrl);
  url.search = new URLSearchParams({ iss: fhirBase, launch, ...extra }).toString();
  return url.toString();
}

async function launchFullWindow(row) {
  const launch = await createLaunch(row);
  window.top.location.href = cairnLoginUrl('/epic/login', launch, {});
}

async function openInPanel(row) {
  const launch = await createLaunch(row);
  Object.assign(panel, {
    patientId: row.dataset.patientId,
    encounterId: row.dataset.encounterId,
    summaryId: '',
    diagnoses: JSON.parse(row.dataset.diagnoses || '[]'),
  });
  for (const other of document.querySelectorAll('tr.selected')) other.classList.remove('selected');
  row.classList.add('selected');
  const name = row.cells[1]?.textContent ?? '';
  byTestId('panel-encounter').textContent = `${name}, encounter ${panel.encounterId}`;
  showEncounterStatus(undefined);
  byTestId('addon-controls').disabled = false;
  iframe.src = cairnLoginUrl('/overlay/epic/login', launch, { addonOrigin: window.location.origin });
  await refreshDiagnoses();
}

// ---- Messages from Cairn ----

function onMessage(event) {
  const data = event.data;
  const accepted =
    cairnOrigin !== '' &&
    event.origin === cairnOrigin &&
    event.source === iframe.contentWindow &&
    data !== null &&
    typeof data === 'object' &&
    data.destination === 'to-addon';
  if (!accepted) {
    ignoredCount += 1;
    byTestId('addon-ignored').textContent = `ignored: ${ignoredCount}`;
    return;
  }
  logMessage(data);
  if (data.type === 'informEncounterStatus') showEncounterStatus(data);
  if (data.type === 'pushDiagnosesResult') void refreshDiagnoses();
}

function logMessage(data) {
  const entry = document.createElement('li');
  entry.dataset.testid = 'addon-log-entry';
  entry.dataset.type = String(data.type);
  const text = document.createElement('pre');
  text.textContent = JSON.stringify(data, null, 2);
  entry.append(text);
  byTestId('addon-log').prepend(entry);
}

/** informEncounterStatus names the summary (the visit) that later requests must carry. */
function showEncounterStatus(message) {
  panel.summaryId = message?.summaryId ?? panel.summaryId;
  byTestId('summary-id').textContent = panel.summaryId || 'unknown';
  byTestId('encounter-status').textContent = message
    ? message.isPushable
      ? 'pushable'
      : `not pushable: ${message.reason ?? 'no reason given'}`
    : 'unknown';
  const framePath = document.getElementById('frame-path');
  if (panel.summaryId && framePath.value === '/schedule') framePath.value = `/overlay/${panel.summaryId}`;
}

/** Re-reads the encounter's Conditions from the sandbox (after a push, they are Cairn's writes). */
async function refreshDiagnoses() {
  const list = byTestId('encounter-diagnoses');
  const response = await fetch(`${prefix}/screen/encounters/${encodeURIComponent(panel.encounterId)}/conditions`);
  if (!response.ok) {
    list.replaceChildren(listItem(`Could not read the diagnoses: HTTP ${response.status}`));
    return;
  }
  const conditions = await response.json();
  panel.diagnoses = conditions
    .filter((condition) => condition.code)
    .map((condition) => ({ icd10Code: condition.code, description: condition.display || undefined }));
  list.replaceChildren(
    ...(conditions.length === 0
      ? [listItem('None')]
      : conditions.map((condition) => listItem(`${condition.code} ${condition.display}`.trim()))),
  );
}

function listItem(text) {
  const item = document.createElement('li');
  item.textContent = text;
  return item;
}

// ---- Messages to Cairn ----

function requestId() {
  // randomUUID exists only in secure contexts (https or localhost).
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function codesOf(inputId) {
  return document
    .getElementById(inputId)
    .value.split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

/** The inbound message of each control; fields left unknown are left out, as the contract makes them optional. */
function buildMessage(type) {
  const summaryId = panel.summaryId || undefined;
  const encounterId = panel.encounterId || undefined;
  switch (type) {
    case 'pushDiagnosesRequest':
      return { type, requestId: requestId(), summaryId, encounterId, icd10Codes: codesOf('icd10-codes') };
    case 'pushCptsRequest':
      return { type, requestId: requestId(), summaryId, encounterId, cptCodes: codesOf('cpt-codes') };
    case 'cartLoad':
      return { type, summaryId, encounterId, diagnoses: panel.diagnoses };
    case 'changeFrameSource':
      return { type, path: document.getElementById('frame-path').value.trim() };
    case 'openFullScreen':
      return { type };
    default:
      return { type, summaryId };
  }
}

function send(type) {
  const message = JSON.parse(JSON.stringify(buildMessage(type)));
  // Addressed to Cairn's origin only: the frame may have navigated elsewhere.
  iframe.contentWindow.postMessage(message, cairnOrigin);
  byTestId('addon-sent').textContent = `Sent ${type}`;
}

// ---- Health ----

async function pingCairn() {
  const output = byTestId('health-result');
  output.textContent = 'Pinging...';
  try {
    const response = await fetch(`${cairnUrl}/api/addonHealthPing`, { method: 'POST' });
    output.textContent = `HTTP ${response.status}: ${await response.text()}`;
  } catch (error) {
    output.textContent = `Failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

// ---- Wiring ----

function reportFailure(error) {
  byTestId('screen-error').textContent = error instanceof Error ? error.message : String(error);
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || button.disabled || !cairnUrl) return;
  const row = button.closest('tr[data-encounter-id]');
  if (button.dataset.action === 'launch' && row) launchFullWindow(row).catch(reportFailure);
  if (button.dataset.action === 'panel' && row) openInPanel(row).catch(reportFailure);
  if (button.dataset.action === 'ping') void pingCairn();
  if (button.dataset.send) send(button.dataset.send);
});
window.addEventListener('message', onMessage);
