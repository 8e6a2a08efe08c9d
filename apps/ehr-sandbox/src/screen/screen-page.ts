import type { EncounterRow } from './today-encounters.js';

export interface ScreenPageOptions {
  rows: EncounterRow[];
  /** The plugin's path prefix (`/sandbox`): the script calls the plugin's routes under it. */
  prefix: string;
  fhirBaseUrl: string;
  /** Cairn's base URL; absent, the screen says so and its buttons are disabled. */
  cairnUrl: string | undefined;
}

/** Every value that reaches the page is escaped: names and codes come from loaded bundles. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The EHR screen: today's encounters on the left, Cairn's panel on the right. The page carries no
 * inline script (Cairn's CSP is `script-src 'self'`); `screen.js` reads the data-* attributes.
 */
export function renderScreenPage(options: ScreenPageOptions): string {
  const { cairnUrl } = options;
  const disabled = cairnUrl === undefined ? ' disabled' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox EHR</title>
<style>${STYLES}</style>
<script src="${escapeHtml(options.prefix)}/screen.js" defer></script>
</head>
<body data-prefix="${escapeHtml(options.prefix)}" data-fhir-base="${escapeHtml(options.fhirBaseUrl)}" data-cairn-url="${escapeHtml(cairnUrl ?? '')}">
<header><h1>Sandbox EHR</h1></header>
<div class="layout">
<main>
${cairnUrl === undefined ? '<p class="notice" role="status">Cairn is not configured: start the sandbox with a Cairn URL (the plugin option <code>cairn.url</code>, <code>CAIRN_URL</code> on its own) to launch it.</p>' : ''}
<p data-testid="screen-error" role="alert"></p>
<section aria-labelledby="encounters-heading">
<h2 id="encounters-heading">Today's encounters</h2>
${options.rows.length === 0 ? '<p>No encounters today.</p>' : encountersTable(options.rows, disabled)}
</section>
<section aria-labelledby="encounter-heading">
<h2 id="encounter-heading">Encounter in the panel</h2>
<p data-testid="panel-encounter">None: open an encounter in the panel.</p>
<p>Summary: <span data-testid="summary-id">unknown</span>. Encounter status: <span data-testid="encounter-status">unknown</span>.</p>
<h3>Diagnoses on this encounter</h3>
<ul data-testid="encounter-diagnoses"></ul>
</section>
${addonControls()}
<section aria-labelledby="log-heading">
<h2 id="log-heading">Messages from Cairn</h2>
<p data-testid="addon-ignored">ignored: 0</p>
<ol data-testid="addon-log" class="log"></ol>
</section>
<section aria-labelledby="health-heading">
<h2 id="health-heading">Health</h2>
<button type="button" data-action="ping"${disabled}>Ping Cairn</button>
<output data-testid="health-result"></output>
</section>
</main>
<aside aria-labelledby="cairn-heading">
<h2 id="cairn-heading">Cairn</h2>
<iframe title="Cairn" name="cairn" src="about:blank"></iframe>
</aside>
</div>
</body>
</html>
`;
}

function encountersTable(rows: EncounterRow[], disabled: string): string {
  const body = rows
    .map(
      (
        row,
      ) => `<tr data-testid="encounter-row" data-patient-id="${escapeHtml(row.patientId)}" data-encounter-id="${escapeHtml(row.encounterId)}" data-diagnoses="${escapeHtml(JSON.stringify(row.diagnoses))}">
<td>${escapeHtml(row.time)}</td><td>${escapeHtml(row.patientName)}</td><td>${escapeHtml(row.birthDate)}</td><td>${escapeHtml(row.practitioner)}</td><td>${escapeHtml(row.status)}</td>
<td><button type="button" data-action="launch"${disabled}>Launch Cairn</button> <button type="button" data-action="panel"${disabled}>Open in panel</button></td>
</tr>`,
    )
    .join('\n');
  return `<table>
<thead><tr><th scope="col">Time</th><th scope="col">Patient</th><th scope="col">Date of birth</th><th scope="col">Practitioner</th><th scope="col">Status</th><th scope="col">Cairn</th></tr></thead>
<tbody>
${body}
</tbody>
</table>`;
}

/** The add-on's inbound messages (spec §4), one control each; enabled once an encounter is in the panel. */
function addonControls(): string {
  const simple = [
    ['reloadDiagnoses', 'Reload diagnoses'],
    ['updateOverlayNotifications', 'Update notifications'],
    ['openFullScreen', 'Open full screen'],
    ['cartLoad', 'Load cart'],
    ['refreshHpi', 'Refresh HPI'],
    ['refreshPhysicalExam', 'Refresh physical exam'],
    ['refreshPatientInstructions', 'Refresh patient instructions'],
  ];
  return `<section aria-labelledby="send-heading">
<h2 id="send-heading">Send to Cairn</h2>
<fieldset data-testid="addon-controls" disabled>
<legend>Add-on messages to the panel</legend>
<div class="field"><label for="icd10-codes">ICD-10-CM codes</label> <input id="icd10-codes" placeholder="E11.9, I10"> <button type="button" data-send="pushDiagnosesRequest">Push diagnoses</button></div>
<div class="field"><label for="cpt-codes">CPT codes</label> <input id="cpt-codes" placeholder="99213"> <button type="button" data-send="pushCptsRequest">Push CPTs</button></div>
<div class="field"><label for="frame-path">Frame path</label> <input id="frame-path" value="/schedule"> <button type="button" data-send="changeFrameSource">Change frame source</button></div>
<div class="field">${simple.map(([type = '', label = '']) => `<button type="button" data-send="${type}">${label}</button>`).join(' ')}</div>
<p data-testid="addon-sent"></p>
</fieldset>
</section>`;
}

const STYLES = `
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1f2933; background: #f4f6f8; }
header { background: #23395d; color: #fff; padding: 8px 16px; }
header h1 { margin: 0; font-size: 18px; }
.layout { display: grid; grid-template-columns: minmax(0, 1fr) 420px; height: calc(100vh - 42px); }
main { overflow: auto; padding: 8px 16px; }
aside { display: flex; flex-direction: column; border-left: 1px solid #c5ccd3; background: #fff; }
aside h2 { margin: 0; padding: 8px; font-size: 14px; }
iframe { flex: 1; width: 100%; border: 0; }
h2 { font-size: 16px; margin: 16px 0 8px; }
h3 { font-size: 14px; margin: 8px 0 4px; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e1e5e9; }
tr.selected { background: #e6f0ff; }
.notice { background: #fff4e5; border: 1px solid #f0b429; padding: 8px; }
.field { margin: 4px 0; }
fieldset { border: 1px solid #c5ccd3; background: #fff; }
.log { padding-left: 20px; }
.log pre { margin: 0 0 8px; white-space: pre-wrap; word-break: break-all; font-size: 12px; }
`;
