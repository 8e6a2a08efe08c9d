export * from './errors';
export * from './envelope';
export * from './endpoint';
export * from './system';
export * from './auth-enums';
export * from './auth';
export * from './flags';
export * from './sso';
