export { DocumentViewer } from './components/document-viewer';
export { DocumentsTab } from './components/documents-tab';
