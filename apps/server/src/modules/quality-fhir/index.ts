export { qualityFhirRoutes } from './quality-fhir.routes';
