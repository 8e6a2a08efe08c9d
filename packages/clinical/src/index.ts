export * from './record';
export { referenceDataDir } from './data-dir';
export * from './icd10';
export * from './assertion';
export * from './care-gaps';
export * from './suspecting';
export * from './hcc';
export * from './ccsr';
export { createRandom } from './testing/random';
