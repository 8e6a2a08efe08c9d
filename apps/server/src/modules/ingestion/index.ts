export { ImportFileError, readImportFiles } from './import-files';
export { findOrganisationBySlug } from './ingestion.repository';
export { type Rejection, importBundle, organisationTotals } from './ingestion.service';
export type { UnmappedSnomedCode } from './unmapped-codes';
export { SYNTHEA_DIR } from './synthea-fixtures';
