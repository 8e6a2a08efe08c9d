/**
 * cql-execution's `Executor.exec`, but a patient outside every group's initial population is not
 * evaluated further.
 *
 * cql-execution evaluates every definition of a measure's library for every patient: its denominator
 * exclusions (hospice, palliative care, frailty with advanced illness), exceptions, numerator and
 * supplemental data, whether or not the patient is in the measure at all. A measure's population
 * semantics (fqm-execution's `createPopulationValues`) put a patient outside the initial population in no
 * other population, whatever the other definitions answer; most patients are outside most of the twelve
 * measures (a woman of 30 is in none of the screenings for her age). So each patient's initial
 * populations (and the stratifiers, which their MeasureReport states) are evaluated first, in the
 * patient's context; only when one of them holds are the other definitions evaluated, in the same context,
 * where the definitions already evaluated are remembered by cql-execution. The populations are the same;
 * the resources a MeasureReport lists as evaluated for a patient outside the measure are those its
 * initial population read (docs/quality.md, "Speed").
 */
import {
  PatientContext,
  Results,
  UnfilteredContext,
  type DataProvider,
  type DateTime,
  type Executor,
  type Library,
} from 'cql-execution';

type ExpressionDef = {
  context?: string;
  execute(ctx: unknown): Promise<unknown>;
  exec(ctx: unknown): Promise<unknown>;
};

/**
 * Runs `executor` (its library, code service and parameters) over `source` as `executor.exec` does, with
 * the definitions named in `first` evaluated first and the rest only for a patient one of them holds for.
 */
export async function execInitialPopulationFirst(
  executor: Executor,
  source: DataProvider,
  executionDateTime: DateTime,
  first: readonly string[],
): Promise<Results> {
  const { codeService, parameters, messageListener } = executor;
  const library = executor.library as Library;
  const expressions = library.expressions as Record<string, ExpressionDef>;
  const results = new Results();
  for (let patient = await source.currentPatient(); patient; patient = await source.nextPatient()) {
    const context = new PatientContext(library, patient, codeService, parameters, executionDateTime, messageListener);
    const values: Record<string, unknown> = {};
    for (const name of first) {
      const expression = expressions[name];
      if (expression?.context === 'Patient') values[name] = await expression.execute(context);
    }
    if (first.some((name) => holds(values[name]))) {
      for (const [name, expression] of Object.entries(expressions)) {
        if (expression.context === 'Patient' && !(name in values)) values[name] = await expression.execute(context);
      }
    }
    results.recordPatientResults(context, values);
  }
  const unfiltered = Object.entries(expressions).filter(([, expression]) => expression.context === 'Unfiltered');
  if (unfiltered.length > 0) {
    const context = new UnfilteredContext(
      library,
      results,
      codeService,
      parameters,
      executionDateTime,
      messageListener,
    );
    const values: Record<string, unknown> = {};
    for (const [name, expression] of unfiltered) values[name] = await expression.exec(context);
    results.recordUnfilteredResults(values);
  }
  return results;
}

/** A population criterion that holds: true, or a non-empty list of episodes. */
function holds(value: unknown): boolean {
  return value === true || (Array.isArray(value) && value.length > 0);
}
