import type { FitLanguage, FitTemplate, FitTemplateInput } from '@cairn/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fitTemplates } from '../../db/clinical-schema';
import { rowsOf } from './fit-sql';

interface TemplateRow {
  id: string;
  name: string;
  language: FitLanguage;
  body: string;
  return_by_days: number;
  created_at: number;
  updated_at: number;
  updated_by_name: string | null;
  batch_count: number;
}

function selectTemplates(organisationId: string, where: SQL): SQL {
  return sql`
    select template.id, template.name, template.language, template.body, template.return_by_days,
      extract(epoch from template.created_at)::float8 * 1000 as created_at, extract(epoch from template.updated_at)::float8 * 1000 as updated_at,
      nullif(concat_ws(' ', editor.first_name, editor.last_name), '') as updated_by_name,
      (select count(*)::int from fit_batches batch where batch.template_id = template.id) as batch_count
    from fit_templates template
    left join users editor on editor.id = template.updated_by
    where template.organisation_id = ${organisationId} and ${where}
    order by lower(template.name), template.id`;
}

const toTemplate = (row: TemplateRow): FitTemplate => ({
  id: row.id,
  name: row.name,
  language: row.language,
  body: row.body,
  returnByDays: row.return_by_days,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  updatedByName: row.updated_by_name,
  batchCount: row.batch_count,
});

export async function listTemplates(db: Db, organisationId: string): Promise<FitTemplate[]> {
  return rowsOf<TemplateRow>(await db.execute(selectTemplates(organisationId, sql`true`))).map(toTemplate);
}

export async function findTemplate(
  db: Db,
  organisationId: string,
  templateId: string,
): Promise<FitTemplate | undefined> {
  const [row] = rowsOf<TemplateRow>(
    await db.execute(selectTemplates(organisationId, sql`template.id = ${templateId}`)),
  );
  return row ? toTemplate(row) : undefined;
}

/** Whether another template of the organisation has this name, whatever the case. */
export async function isNameTaken(
  db: Db,
  options: { organisationId: string; name: string; exceptId?: string },
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from fit_templates where organisation_id = ${options.organisationId}
      and lower(name) = lower(${options.name}) and id is distinct from ${options.exceptId ?? null}::uuid`),
  );
  return rows.length > 0;
}

export async function insertTemplate(
  db: Db,
  options: { organisationId: string; userId: string | null; input: FitTemplateInput },
): Promise<string> {
  const [row] = await db
    .insert(fitTemplates)
    .values({
      organisationId: options.organisationId,
      ...options.input,
      createdBy: options.userId,
      updatedBy: options.userId,
    })
    .returning({ id: fitTemplates.id });
  if (!row) throw new Error('template not stored');
  return row.id;
}

/** Answers whether the template was the organisation's and so changed. */
export async function updateTemplate(
  db: Db,
  options: { organisationId: string; templateId: string; userId: string; input: FitTemplateInput },
): Promise<boolean> {
  const { input } = options;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`update fit_templates set name = ${input.name}, language = ${input.language},
      body = ${input.body}, return_by_days = ${input.returnByDays}, updated_by = ${options.userId}, updated_at = now()
      where id = ${options.templateId} and organisation_id = ${options.organisationId} returning id`),
  );
  return rows.length > 0;
}
