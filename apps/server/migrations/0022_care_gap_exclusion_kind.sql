ALTER TABLE "care_gaps" ADD COLUMN "exclusion_kind" text;--> statement-breakpoint
-- Backfill, as the analysis store writes it (analysis-care-gaps.ts): an excluded gap whose stored analysis
-- says 'excepted' (the CQL engine's denominator exception) is an exception, any other an exclusion.
UPDATE "care_gaps" gap SET "exclusion_kind" = CASE WHEN EXISTS (
  SELECT 1 FROM "patient_analyses" a CROSS JOIN LATERAL jsonb_array_elements(a."care_gaps") AS gaps(item)
  WHERE a."patient_id" = gap."patient_id" AND item->>'measureId' = gap."measure_id"
    AND item->>'notApplicableReason' = 'excepted'
) THEN 'exception' ELSE 'exclusion' END
WHERE gap."status" = 'excluded';
