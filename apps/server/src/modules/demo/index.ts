export { DEMO_ORGANISATION, formatDemoAccounts } from './demo-accounts';
export { DEMO_PATIENTS, seedDemo } from './demo-seed';
export { addDays, localIsoDate } from './generator/random';
export { seedScale } from './scale-seed';
