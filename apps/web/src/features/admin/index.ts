export { AdminWorkspace } from './components/admin-workspace';
