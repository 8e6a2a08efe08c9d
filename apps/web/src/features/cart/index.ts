export { CartPanel } from './components/cart-panel';
export { AddDiagnosisButton } from './components/add-diagnosis-button';
export { NoteWizardButton } from './components/note-wizard-button';
export type { CartProps } from './types';
export { cartChange, findDecisionVersion } from './utils/decisions';
