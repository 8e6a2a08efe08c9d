/** For tests of the DEQM gaps-in-care report: the checker of FHIR R4 and the DEQM STU4 profiles. */
export { checkCareGapsAnswer, checkFhirR4, checkGapsBundle, type ProfileIssue } from './check-gaps-report';
