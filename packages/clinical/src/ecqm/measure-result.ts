/**
 * One patient's result for one measure, from cql-execution's raw results: population membership by
 * fqm-execution's measure semantics (`createPopulationValues`: a patient in the numerator must be in the
 * denominator, an excluded one is in no numerator, ...), the individual MeasureReport by its
 * MeasureReportBuilder, and the evidence of each population (`population-evidence.ts`).
 */
import type { Results } from 'cql-execution';
import type { MeasureGroup } from 'fhir/r4';
import fqm, { type ExecutionResult, type PopulationResult, type SimplePopulationGroupResult } from 'fqm-execution';
import { createPopulationValues } from 'fqm-execution/build/calculation/DetailedResultsBuilder.js';
import type { MeasureProgram } from './measure-program';
import { populationEvidence, type LocalIdResults } from './population-evidence';
import {
  POPULATION_CODES,
  type EcqmEvaluateOptions,
  type EcqmGroupResult,
  type EcqmMeasureResult,
  type PopulationCode,
} from './types';

type EvaluatedRecord = { _json: { resourceType: string; id?: string } };

/** Each patient of `results` with their result for the program's measure, in the engine's order. */
export function measureResults(
  program: MeasureProgram,
  results: Results,
  options: EcqmEvaluateOptions,
): [patientId: string, result: EcqmMeasureResult][] {
  const patientResults = results.patientResults as Record<string, Record<string, unknown>>;
  const localIdResults = results.localIdPatientResultsMap as Record<string, LocalIdResults>;
  const evaluatedRecords = results.patientEvaluatedRecords as Record<string, EvaluatedRecord[]>;
  return Object.keys(patientResults).map((patientId) => {
    const statements = patientResults[patientId] ?? {};
    const groups = (program.measure.group ?? []).map((group, index): SimplePopulationGroupResult => {
      const values = createPopulationValues(program.measure, group, statements);
      return {
        groupId: group.id ?? `population-group-${String(index + 1)}`,
        populationResults: values.populationResults,
        ...(values.stratifierResults ? { stratifierResults: values.stratifierResults } : {}),
      };
    });
    const evaluated = (evaluatedRecords[patientId] ?? []).map((record) => record._json);
    const execution: ExecutionResult<SimplePopulationGroupResult> = {
      patientId,
      detailedResults: groups,
      evaluatedResource: evaluated,
    };
    const [report] = fqm.MeasureReportBuilder.buildMeasureReports(program.content.bundle, [execution], {
      measurementPeriodStart: options.periodStart,
      measurementPeriodEnd: options.periodEnd,
      reportType: 'individual',
    });
    if (!report) throw new Error(`${program.content.id}: no MeasureReport for ${patientId}`);
    const patientLocalIds = localIdResults[patientId] ?? {};
    return [
      patientId,
      {
        measureId: program.content.id,
        measureUrl: program.content.url,
        measureVersion: program.content.version,
        title: program.content.title,
        report,
        groups: groups.map((group, index) =>
          groupResult(program, program.measure.group?.[index], group, patientLocalIds),
        ),
        evaluatedResources: [...new Set(evaluated.map((json) => `${json.resourceType}/${json.id ?? ''}`))],
      },
    ];
  });
}

function groupResult(
  program: MeasureProgram,
  group: MeasureGroup | undefined,
  values: { groupId: string; populationResults?: PopulationResult[] },
  localIdResults: LocalIdResults,
): EcqmGroupResult {
  const populations: EcqmGroupResult['populations'] = {};
  const evidence: EcqmGroupResult['evidence'] = {};
  for (const result of values.populationResults ?? []) {
    const code: string = result.populationType;
    if (!isPopulationCode(code)) continue;
    populations[code] = result.result;
    const criteria = group?.population?.find((population) => population.code?.coding?.[0]?.code === code)?.criteria;
    if (criteria?.expression) {
      evidence[code] = populationEvidence(program, localIdResults, {
        expression: criteria.expression,
        held: result.result,
      });
    }
  }
  return { groupId: values.groupId, populations, evidence };
}

function isPopulationCode(code: string): code is PopulationCode {
  return (POPULATION_CODES as readonly string[]).includes(code);
}
