import {
  createFitBatch,
  createFitTemplate,
  getFitCandidates,
  getFitLetters,
  importFitResults,
  listFitBatches,
  listFitKits,
  listFitTemplates,
  previewFitLetter,
  updateFitKit,
  updateFitTemplate,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { getLetters } from './fit-letters.service';
import { changeKit, createBatch, getBatches, getCandidates, getKits } from './fit-outreach.service';
import { importResults } from './fit-results-import.service';
import { changeTemplate, createTemplate, getTemplates, previewLetter } from './fit-templates.service';

/** FIT outreach for colorectal screening (issue 19, CMS130): templates, letters, kits and results. */
export function qualityFitRoutes(app: FastifyInstance): void {
  const db = () => app.database.db;
  route(app, listFitTemplates, async ({ auth, request }) => ({ result: await getTemplates(db(), { auth, request }) }));
  route(app, createFitTemplate, async ({ body, auth, request }) => ({
    result: await createTemplate(db(), { auth, request }, body),
  }));
  route(app, updateFitTemplate, async ({ body, auth, request }) => ({
    result: await changeTemplate(db(), { auth, request }, body),
  }));
  route(app, previewFitLetter, async ({ body, auth, request }) => ({
    result: await previewLetter(db(), { auth, request }, body),
  }));
  route(app, getFitCandidates, async ({ body, auth, request }) => ({
    result: await getCandidates(db(), { auth, request }, body),
  }));
  route(app, createFitBatch, async ({ body, auth, request }) => ({
    result: await createBatch(db(), { auth, request }, body),
  }));
  route(app, listFitBatches, async ({ auth, request }) => ({ result: await getBatches(db(), { auth, request }) }));
  route(app, getFitLetters, async ({ body, auth, request }) => ({
    result: await getLetters(db(), { auth, request }, body),
  }));
  route(app, listFitKits, async ({ body, auth, request }) => ({
    result: await getKits(db(), { auth, request }, body),
  }));
  route(app, updateFitKit, async ({ body, auth, request }) => ({
    result: await changeKit(db(), { auth, request }, body),
  }));
  route(app, importFitResults, async ({ body, auth, request }) => ({
    result: await importResults(db(), { auth, request }, body),
  }));
}
