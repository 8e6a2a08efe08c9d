import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { bundleEntries, BundleError } from '../../integrations/fhir/fhir-bundle';
import { parseFhirJson } from '../../integrations/fhir/fhir-json';

/** One thing to import from a file: a bundle or a resource (NDJSON lines of resources become one collection). */
export interface ImportInput {
  file: string;
  bundle: unknown;
}

export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/**
 * Reads the files given to the import command: each a JSON bundle or resource, or NDJSON (`.ndjson`,
 * one resource or bundle a line; the resources of a file are imported together, so they may refer to
 * each other). Throws `ImportFileError` naming the file for one that cannot be read or is not FHIR.
 */
export async function readImportFiles(paths: readonly string[]): Promise<ImportInput[]> {
  const inputs: ImportInput[] = [];
  for (const path of paths) {
    const file = basename(path);
    let content: string;
    try {
      content = await readFile(path, 'utf8');
    } catch (error) {
      throw new ImportFileError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    const documents = /\.(ndjson|jsonl)$/i.test(path) ? parseLines(content, path) : [parseJson(content, path)];
    const resources = documents.filter((document) => !isBundle(document));
    const bundles = documents.filter(isBundle);
    for (const bundle of bundles) inputs.push({ file, bundle });
    if (resources.length > 0) {
      const single = resources.length === 1 && bundles.length === 0;
      inputs.push({
        file,
        bundle: single
          ? resources[0]
          : { resourceType: 'Bundle', type: 'collection', entry: resources.map((resource) => ({ resource })) },
      });
    }
    for (const input of inputs.filter((item) => item.file === file)) {
      try {
        bundleEntries(input.bundle);
      } catch (error) {
        if (error instanceof BundleError) throw new ImportFileError(`${path} is not a FHIR bundle: ${error.message}`);
        throw error;
      }
    }
  }
  return inputs;
}

function isBundle(document: unknown): boolean {
  return (
    typeof document === 'object' &&
    document !== null &&
    (document as { resourceType?: unknown }).resourceType === 'Bundle'
  );
}

function parseJson(content: string, path: string): unknown {
  try {
    return parseFhirJson(content);
  } catch {
    throw new ImportFileError(`${path} is not valid JSON`);
  }
}

function parseLines(content: string, path: string): unknown[] {
  return content
    .split('\n')
    .map((line, number) => ({ line: line.trim(), number }))
    .filter(({ line }) => line !== '')
    .map(({ line, number }) => parseJson(line, `${path} line ${String(number + 1)}`));
}
