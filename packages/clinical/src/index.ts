export * from './record';
export { referenceDataDir } from './data-dir';
