/**
 * cql-exec-fhir logs "Failed to locate element for Procedure.authoredOn" to console.error each time CQL
 * reads a field that the resource's type does not have, and returns null. The measures' CQL does this by
 * design: it reads fields of unions of resource types that only some of the types have (`[Procedure]
 * union [ServiceRequest]` read with `.authoredOn`), and null is what it means. That is hundreds of lines
 * per patient; these notices alone are kept off stderr while the engine runs.
 */
const NOTICE = 'Failed to locate element for ';

let runs = 0;
let original: typeof console.error = console.error;

/** Runs `work` with the notices above dropped from console.error (every other message passes). */
export async function withoutMissingElementNotices<T>(work: () => Promise<T>): Promise<T> {
  // Counted, so that runs interleaved on one thread put the original back only when the last one ends.
  if (runs === 0) {
    original = console.error;
    const log = original;
    console.error = (...args: unknown[]): void => {
      if (typeof args[0] === 'string' && args[0].startsWith(NOTICE)) return;
      log(...args);
    };
  }
  runs += 1;
  try {
    return await work();
  } finally {
    runs -= 1;
    if (runs === 0) console.error = original;
  }
}
