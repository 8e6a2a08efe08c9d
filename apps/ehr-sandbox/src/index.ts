/** The sandbox EHR (issue 6): a FHIR R4 server, a SMART authorization server and an EHR screen. */
export {};
