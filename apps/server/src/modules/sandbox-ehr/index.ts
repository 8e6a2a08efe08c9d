export { addOnStoreRoutes } from './add-on-store.routes';
export { mountSandboxEhr } from './mount-sandbox-ehr';
