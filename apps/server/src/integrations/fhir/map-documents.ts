import {
  type Attachment,
  type CodeableConcept,
  type FhirResource,
  type Period,
  type Reference,
  SYSTEMS,
} from './fhir-types';
import { codeIn, dateOf, displayOf, firstOfConcepts, MappingError, nonEmpty, requireDate } from './fhir-values';
import type { MapContext, MappedRow, PendingAttachment } from './fhir-mapping';
import { encounterOf, patientOf } from './map-encounters';

interface DocumentReferenceResource extends FhirResource {
  type?: CodeableConcept;
  subject?: Reference;
  date?: string;
  author?: Reference[];
  description?: string;
  content?: { attachment?: Attachment }[];
  context?: { encounter?: Reference[]; period?: Period };
}
interface DiagnosticReportResource extends FhirResource {
  category?: CodeableConcept[];
  code?: CodeableConcept;
  subject?: Reference;
  encounter?: Reference;
  effectiveDateTime?: string;
  effectivePeriod?: Period;
  issued?: string;
  performer?: Reference[];
  result?: Reference[];
  conclusion?: string;
  presentedForm?: Attachment[];
}

/** Text first (it needs no extraction), then HTML, then PDF, then anything with data, then a bare URL. */
const PREFERENCE = ['text/plain', 'text/html', 'application/pdf'];

function bestAttachment(attachments: Attachment[]): Attachment | undefined {
  const withData = attachments.filter((attachment) => typeof attachment.data === 'string');
  for (const type of PREFERENCE) {
    const found = withData.find((attachment) => attachment.contentType?.toLowerCase().startsWith(type));
    if (found) return found;
  }
  return withData[0] ?? attachments.find((attachment) => typeof attachment.url === 'string');
}

function pending(attachment: Attachment): PendingAttachment {
  return {
    contentType: nonEmpty(attachment.contentType) ?? 'text/plain',
    ...(attachment.data === undefined ? {} : { data: attachment.data }),
    ...(attachment.url === undefined ? {} : { url: attachment.url }),
  };
}

/** DocumentReference -> documents; the attachment is read (text, stored original) by the import. */
export function mapDocumentReference(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const document = resource as DocumentReferenceResource;
  const attachment = bestAttachment((document.content ?? []).flatMap((content) => content.attachment ?? []));
  if (!attachment) throw new MappingError('document without attachment');
  return [
    {
      table: 'documents',
      values: {
        sourceId,
        title: nonEmpty(document.description) ?? displayOf(document.type) ?? nonEmpty(attachment.title) ?? 'Document',
        typeCode: codeIn(document.type, SYSTEMS.loinc) ?? document.type?.coding?.[0]?.code ?? null,
        typeDisplay: displayOf(document.type) ?? null,
        author: document.author?.find((author) => author.display)?.display ?? null,
        documentDate: requireDate(document.date ?? document.context?.period?.start ?? attachment.creation, 'date'),
        contentType: pending(attachment).contentType,
        text: '',
      },
      refs: {
        patientId: patientOf(context, document.subject),
        ...encounterOf(context, document.context?.encounter?.[0]),
      },
      attachment: pending(attachment),
    },
  ];
}

/** DiagnosticReport -> diagnostic_reports, and each `presentedForm` -> a document (`<id>#form<n>`). */
export function mapDiagnosticReport(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const report = resource as DiagnosticReportResource;
  const display = displayOf(report.code);
  if (!display) throw new MappingError('report without code');
  const effectiveDate = requireDate(
    report.effectiveDateTime ?? report.effectivePeriod?.start ?? report.issued,
    'effective date',
  );
  const refs = { patientId: patientOf(context, report.subject), ...encounterOf(context, report.encounter) };
  const rows: MappedRow[] = [
    {
      table: 'diagnosticReports',
      values: {
        sourceId,
        code: codeIn(report.code, SYSTEMS.loinc) ?? report.code?.coding?.[0]?.code ?? null,
        display,
        category: firstOfConcepts(report.category) ?? null,
        effectiveDate,
        conclusion: report.conclusion ?? null,
        resultSourceIds: (report.result ?? [])
          .map((result) => context.target(result)?.sourceId)
          .filter((id): id is string => id !== undefined),
      },
      refs,
    },
  ];
  (report.presentedForm ?? []).forEach((form, index) => {
    if (form.data === undefined && form.url === undefined) return;
    rows.push({
      table: 'documents',
      values: {
        sourceId: `${sourceId}#form${String(index + 1)}`,
        title: nonEmpty(form.title) ?? display,
        typeCode: codeIn(report.code, SYSTEMS.loinc) ?? null,
        typeDisplay: display,
        author: report.performer?.find((performer) => performer.display)?.display ?? null,
        documentDate: dateOf(form.creation) ?? effectiveDate,
        contentType: pending(form).contentType,
        text: '',
      },
      refs,
      attachment: pending(form),
    });
  });
  return rows;
}
