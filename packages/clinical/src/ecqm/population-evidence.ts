/**
 * Why a patient is (or is not) in a population: the resources in the engine's results for the CQL
 * expressions under the population's criteria. It walks the criteria's ELM from the top, reading each
 * clause's result for this patient (cql-execution records one per ELM localId):
 *
 * - for a population the patient is in, it follows only clauses whose result held (true, or a non-empty
 *   list), so an `or` contributes its true branches only and a `not exists` nothing;
 * - for one they are not in, it follows every clause, so what was found but did not suffice shows (a
 *   blood pressure not below 140/90).
 *
 * A query, retrieve or function call gives its result's resources and is not entered (its where clause
 * was evaluated once per row; the recorded result of its inner clauses is only the last row's), except
 * that a query returning values, not resources, is read through to its sources, and a function call
 * answering a value to its arguments; a reference to another definition is followed into it, across
 * libraries. Patient resources are left out.
 */
import type { FhirResource } from 'fhir/r4';
import type { ElmIndex, MeasureProgram } from './measure-program';
import type { EcqmEvidence } from './types';

/** Clause results of one patient: library name, then ELM localId, then the engine's value. */
export type LocalIdResults = Record<string, Record<string, unknown> | undefined>;

/** ELM node types whose result is the answer: their inner clauses are not read. */
const LEAVES = new Set(['Query', 'Retrieve', 'FunctionRef']);
/** Keys of an ELM node that are not expressions. */
const NOT_EXPRESSIONS = new Set(['annotation', 'locator', 'resultTypeSpecifier', 'signature', 'localId', 'type']);

interface Walk {
  program: MeasureProgram;
  results: LocalIdResults;
  followAll: boolean;
  found: Map<string, EcqmEvidence>;
  visited: Set<string>;
}

/**
 * The evidence of one population: `criteria` names a definition of the measure's main library;
 * `held` is whether the patient is in the population (see the module comment).
 */
export function populationEvidence(
  program: MeasureProgram,
  results: LocalIdResults,
  criteria: { expression: string; held: boolean },
): EcqmEvidence[] {
  const walk: Walk = { program, results, followAll: !criteria.held, found: new Map(), visited: new Set() };
  followDefinition(walk, program.mainLibraryName, criteria.expression);
  return [...walk.found.values()];
}

function followDefinition(walk: Walk, libraryName: string, statementName: string): void {
  const key = `${libraryName}\u0000${statementName}`;
  if (walk.visited.has(key)) return;
  walk.visited.add(key);
  const library = walk.program.elmLibraries.get(libraryName);
  const statement = library?.statements.get(statementName);
  if (!library || !statement || statement.type === 'FunctionDef') return;
  visit(walk, library, statement.expression);
}

function visit(walk: Walk, library: ElmIndex, node: unknown): void {
  if (!isElmNode(node)) return;
  const recorded = node.localId !== undefined && walk.results[library.name] !== undefined;
  const value = recorded ? walk.results[library.name]?.[node.localId as string] : undefined;
  let gaveResources = false;
  if (recorded && !holds(value)) {
    // `X is not null` is Not(IsNull(X)): a false IsNull says X held.
    if (node.type === 'IsNull' && !walk.followAll) visit(walk, library, node.operand);
    if (!walk.followAll) return;
  } else if (recorded) {
    gaveResources = collectResources(value, walk.found);
  }
  // A query that returns values, not resources ("Lowest Systolic Reading on Most Recent Blood Pressure
  // Day" returns a quantity), shows the resources of its sources instead (each evaluated once).
  if (node.type === 'Query' && !gaveResources) {
    for (const source of asArray(node.source)) visit(walk, library, (source as { expression?: unknown }).expression);
    return;
  }
  // Likewise a function that answers a value ("FHIRHelpers.ToValue(Reading.value) as Quantity > 9 '%'"): its
  // arguments show what it read. (Outside a query, its arguments were evaluated once, for this call.)
  if (node.type === 'FunctionRef' && recorded && !gaveResources) {
    for (const operand of asArray(node.operand)) visit(walk, library, operand);
    return;
  }
  if (LEAVES.has(node.type)) return;
  if (node.type === 'ExpressionRef' && typeof node.name === 'string') {
    const target = typeof node.libraryName === 'string' ? library.includes.get(node.libraryName) : library.name;
    if (target) followDefinition(walk, target, node.name);
    return;
  }
  for (const [key, child] of Object.entries(node)) {
    if (NOT_EXPRESSIONS.has(key)) continue;
    if (Array.isArray(child)) for (const item of child) visit(walk, library, item);
    else visit(walk, library, child);
  }
}

interface ElmNode {
  type: string;
  localId?: string;
  [key: string]: unknown;
}

function isElmNode(node: unknown): node is ElmNode {
  return typeof node === 'object' && node !== null && typeof (node as { type?: unknown }).type === 'string';
}

/** fqm-execution's reading of a clause result: true, a non-empty list, or any other non-null value. */
function holds(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (Array.isArray(value)) return value.length > 0 && !(value.length === 1 && value[0] === null);
  return true;
}

/** Adds the FHIR resources in a result (a resource, a list, a tuple), at most three levels down; true if any. */
function collectResources(value: unknown, found: Map<string, EcqmEvidence>, depth = 0): boolean {
  if (depth > 3 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    let any = false;
    for (const item of value) any = collectResources(item, found, depth + 1) || any;
    return any;
  }
  const json = (value as { _json?: unknown })._json;
  if (isResource(json)) {
    const reference = `${json.resourceType}/${json.id ?? ''}`;
    if (json.resourceType !== 'Patient' && !found.has(reference)) {
      found.set(reference, { reference, resourceType: json.resourceType, id: json.id ?? '', resource: json });
    }
    return json.resourceType !== 'Patient';
  }
  // Tuples are plain objects; the engine's other values (dates, quantities, intervals) hold no resources.
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  let any = false;
  for (const item of Object.values(value)) any = collectResources(item, found, depth + 1) || any;
  return any;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function isResource(json: unknown): json is FhirResource {
  return (
    typeof json === 'object' && json !== null && typeof (json as { resourceType?: unknown }).resourceType === 'string'
  );
}
