CREATE TABLE "measure_reports" (
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"measure_id" text NOT NULL,
	"measure_url" text NOT NULL,
	"measure_version" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"report" jsonb NOT NULL,
	"evaluated_resources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"input_digest" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measure_reports_patient_id_measure_id_period_start_pk" PRIMARY KEY("patient_id","measure_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "quality_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_analyses" ADD COLUMN "quality_data_version" bigint;--> statement-breakpoint
ALTER TABLE "patient_analyses" ADD COLUMN "quality_as_of" date;--> statement-breakpoint
ALTER TABLE "patient_analyses" ADD COLUMN "quality_digest" text;--> statement-breakpoint
ALTER TABLE "patient_analyses" ADD COLUMN "quality_computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "measure_reports" ADD CONSTRAINT "measure_reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_reports" ADD CONSTRAINT "measure_reports_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_jobs" ADD CONSTRAINT "quality_jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_jobs" ADD CONSTRAINT "quality_jobs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measure_reports_organisation" ON "measure_reports" USING btree ("organisation_id","measure_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_jobs_one_pending" ON "quality_jobs" USING btree ("patient_id") WHERE "quality_jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "quality_jobs_queue" ON "quality_jobs" USING btree ("status","run_after");--> statement-breakpoint
-- CMS's CQL is the engine of record of care gaps (issue 19): the hand-written engine's 'prospective' (due at
-- a future visit) has no meaning under it, and every analysed patient's gaps are evaluated again by the
-- quality pass, patients with a visit from today on first (jobs are claimed in id order).
DELETE FROM "care_gaps" WHERE "status" = 'prospective';--> statement-breakpoint
INSERT INTO "quality_jobs" ("organisation_id", "patient_id")
SELECT a."organisation_id", a."patient_id" FROM "patient_analyses" a
ORDER BY EXISTS (
  SELECT 1 FROM "appointments" v WHERE v."patient_id" = a."patient_id" AND v."service_date" >= current_date
) DESC, a."patient_id";
