export { useOverlayOnlyRedirect } from './hooks/use-overlay-only-redirect';
export { useViewOnlyClass, stopViewOnlyAction, VIEW_ONLY_CLASS } from './hooks/use-view-only-class';
export { useOverlayAddonMessages, type OpenBehavior } from './hooks/use-overlay-addon-messages';
export { EhrSyncWarning } from './components/ehr-sync-warning';
