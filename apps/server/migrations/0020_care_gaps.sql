CREATE TABLE "care_gaps" (
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"primary_provider_id" uuid,
	"measure_id" text NOT NULL,
	"measure_version" text NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"due_date" date,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"reason" text NOT NULL,
	"closing_evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"excluded_at" timestamp with time zone,
	"as_of" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_gaps_patient_id_measure_id_pk" PRIMARY KEY("patient_id","measure_id")
);
--> statement-breakpoint
ALTER TABLE "care_gaps" ADD CONSTRAINT "care_gaps_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_gaps" ADD CONSTRAINT "care_gaps_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_gaps_worklist" ON "care_gaps" USING btree ("organisation_id","status","measure_id","due_date");--> statement-breakpoint
CREATE INDEX "care_gaps_provider" ON "care_gaps" USING btree ("organisation_id","primary_provider_id","status","measure_id","due_date");--> statement-breakpoint
CREATE INDEX "care_gaps_archive" ON "care_gaps" USING btree ("organisation_id",coalesce("closed_at", "excluded_at")) WHERE "care_gaps"."status" in ('closed', 'excluded');--> statement-breakpoint
-- Backfill from the stored analyses, as the analysis store writes them (analysis-care-gaps.ts): an
-- excluded (or excepted) measure is 'excluded', one that does not apply otherwise has no row; closed and excluded
-- gaps keep their numerator or exclusion evidence; when they closed is not known before this table,
-- so the time of the analysis that holds them stands for it.
INSERT INTO "care_gaps" ("organisation_id", "patient_id", "primary_provider_id", "measure_id", "measure_version", "title", "status",
  "due_date", "period_start", "period_end", "reason", "closing_evidence", "first_seen_at", "closed_at",
  "excluded_at", "as_of", "updated_at")
SELECT a."organisation_id", a."patient_id", p."primary_provider_id", gap->>'measureId', gap->>'measureVersion', gap->>'title', state.status,
  (gap->>'dueDate')::date, (gap#>>'{measurementPeriod,start}')::date, (gap#>>'{measurementPeriod,end}')::date,
  gap->>'reason',
  coalesce((
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('resourceType', evidence->>'resourceType',
      'resourceId', evidence->>'resourceId', 'date', evidence->>'date', 'code', evidence->>'code',
      'description', evidence->>'description')) ORDER BY position)
    FROM jsonb_array_elements(gap->'evidence') WITH ORDINALITY AS item(evidence, position)
    WHERE evidence->>'role' = CASE state.status WHEN 'closed' THEN 'numerator' WHEN 'excluded' THEN 'exclusion' END
  ), '[]'::jsonb),
  a."computed_at", CASE WHEN state.status = 'closed' THEN a."computed_at" END,
  CASE WHEN state.status = 'excluded' THEN a."computed_at" END, a."as_of", a."computed_at"
FROM "patient_analyses" a
JOIN "patients" p ON p."id" = a."patient_id"
CROSS JOIN LATERAL jsonb_array_elements(a."care_gaps") AS gaps(gap)
CROSS JOIN LATERAL (SELECT CASE
  WHEN gap->>'status' IN ('open', 'prospective', 'closed') THEN gap->>'status'
  WHEN gap->>'status' = 'not-applicable' AND gap->>'notApplicableReason' IN ('excluded', 'excepted') THEN 'excluded'
END AS status) AS state
WHERE state.status IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A patient's gaps follow them to another primary care provider at once: the worklist's provider,
-- department and clinic filters read care_gaps alone, and a re-analysis whose content is the same does
-- not rewrite the gaps.
CREATE FUNCTION "care_gaps_follow_primary_provider"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "care_gaps" SET "primary_provider_id" = NEW."primary_provider_id" WHERE "patient_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "patients_primary_provider_to_care_gaps" AFTER UPDATE OF "primary_provider_id" ON "patients"
  FOR EACH ROW WHEN (OLD."primary_provider_id" IS DISTINCT FROM NEW."primary_provider_id")
  EXECUTE FUNCTION "care_gaps_follow_primary_provider"();
