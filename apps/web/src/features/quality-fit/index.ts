export { FitOutreach } from './components/fit-outreach';
export { FitTemplateForm } from './components/fit-template-form';
export { FitTemplates } from './components/fit-templates';
