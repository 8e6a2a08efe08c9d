import type {
  EndpointBody,
  FitLetter,
  FitTemplate,
  FitTemplateInput,
  QualityPatient,
  previewFitLetter,
} from '@cairn/contracts';
import { writeAudit } from '../../access';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { auditPatientsRead, type Caller } from './fit-access';
import { openWorkspace, clock } from '../quality';
import { mergeLetter, SAMPLE_RECIPIENT } from './fit-letter';
import { fitsOnePage } from './fit-letters-pdf';
import { readOrganisationName, readRecipients } from './fit-recipients.repository';
import { findTemplate, insertTemplate, isNameTaken, listTemplates, updateTemplate } from './fit-templates.repository';

export async function getTemplates(db: Db, caller: Caller): Promise<FitTemplate[]> {
  const scope = await openWorkspace(db, caller.auth);
  return listTemplates(db, scope.organisationId);
}

/** A name no other template of the organisation has, and a body that fits one page with long values. */
async function checkTemplate(
  db: Db,
  options: { organisationId: string; input: FitTemplateInput; templateId?: string },
): Promise<void> {
  const { organisationId, input } = options;
  if (await isNameTaken(db, { organisationId, name: input.name, exceptId: options.templateId })) {
    throw AppError.validation([{ field: 'name', message: 'Another template has this name' }]);
  }
  const sample = mergeLetter(input.body, SAMPLE_RECIPIENT, {
    organisationName: await readOrganisationName(db, organisationId),
    language: input.language,
    mailedOn: clock().today,
    returnByDays: input.returnByDays,
  });
  if (!(await fitsOnePage(sample.body))) {
    throw AppError.validation([{ field: 'body', message: 'The letter does not fit on one page: shorten it' }]);
  }
}

async function auditTemplateChange(db: Db, caller: Caller, action: string, template: FitTemplate): Promise<void> {
  await writeAudit(db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action,
    clientAddress: caller.request.ip,
    details: { templateId: template.id, name: template.name, language: template.language },
  });
}

export async function createTemplate(db: Db, caller: Caller, input: FitTemplateInput): Promise<FitTemplate> {
  const { organisationId } = await openWorkspace(db, caller.auth);
  await checkTemplate(db, { organisationId, input });
  const id = await insertTemplate(db, { organisationId, userId: caller.auth.userId, input });
  const template = await findTemplate(db, organisationId, id);
  if (!template) throw new Error('template not found after insert');
  await auditTemplateChange(db, caller, 'quality.fit_template.create', template);
  return template;
}

export async function changeTemplate(
  db: Db,
  caller: Caller,
  body: FitTemplateInput & { templateId: string },
): Promise<FitTemplate> {
  const { organisationId } = await openWorkspace(db, caller.auth);
  const { templateId, ...input } = body;
  if (!(await findTemplate(db, organisationId, templateId))) throw new AppError('NOT_FOUND', 'Template not found.');
  await checkTemplate(db, { organisationId, input, templateId });
  await updateTemplate(db, { organisationId, templateId, userId: caller.auth.userId, input });
  const template = await findTemplate(db, organisationId, templateId);
  if (!template) throw new AppError('NOT_FOUND', 'Template not found.');
  await auditTemplateChange(db, caller, 'quality.fit_template.update', template);
  return template;
}

/** A letter for the sample patient, or for a patient of the caller's (whose read is audited). */
export async function previewLetter(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof previewFitLetter>,
): Promise<{ letter: FitLetter; patient: QualityPatient | null }> {
  const scope = await openWorkspace(db, caller.auth);
  const chosen = body.cairnPatientId
    ? (await readRecipients(db, { scope, patientIds: [body.cairnPatientId] })).get(body.cairnPatientId)
    : undefined;
  if (body.cairnPatientId && !chosen) throw new AppError('NOT_FOUND', 'Patient not found.');
  const setting = {
    organisationName: await readOrganisationName(db, scope.organisationId),
    language: body.template.language,
    mailedOn: body.mailedOn ?? clock().today,
    returnByDays: body.template.returnByDays,
  };
  const letter = mergeLetter(body.template.body, chosen?.recipient ?? SAMPLE_RECIPIENT, setting);
  if (chosen)
    await auditPatientsRead(db, caller, { what: 'fit-letter-preview', patientIds: [chosen.patient.cairnPatientId] });
  return { letter, patient: chosen?.patient ?? null };
}
