// Endpoints of issue 5 (patient data platform): filled in by its owner.
export {};
