export { TwoStepSetup } from './components/two-step-setup';
