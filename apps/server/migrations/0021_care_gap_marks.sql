CREATE TABLE "care_gap_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"measure_id" text NOT NULL,
	"measure_version" text NOT NULL,
	"measure_title" text NOT NULL,
	"note" text,
	"marked_by" uuid NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"write_identifier" uuid,
	"send_status" text,
	"send_failure_reason" text,
	"send_attempted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"ehr_resource_id" text
);
--> statement-breakpoint
ALTER TABLE "ehr_connections" ALTER COLUMN "scopes" SET DEFAULT 'launch openid fhirUser patient/*.read user/*.read user/Condition.write user/DocumentReference.write';--> statement-breakpoint
ALTER TABLE "care_gap_marks" ADD CONSTRAINT "care_gap_marks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_gap_marks" ADD CONSTRAINT "care_gap_marks_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_gap_marks" ADD CONSTRAINT "care_gap_marks_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_gap_marks" ADD CONSTRAINT "care_gap_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_gap_marks_visit_measure" ON "care_gap_marks" USING btree ("appointment_id","measure_id");--> statement-breakpoint
-- Care gaps addressed at a visit are written to the EHR encounter as a clinical note (DocumentReference):
-- connections still asking for exactly the former default scopes (the column's, or the admin tool's with
-- offline_access) ask for DocumentReference writes too. Scopes an administrator chose are left alone.
UPDATE "ehr_connections" SET "scopes" = "scopes" || ' user/DocumentReference.write'
WHERE "scopes" IN ('launch openid fhirUser patient/*.read user/*.read user/Condition.write',
  'launch openid fhirUser offline_access patient/*.read user/*.read user/Condition.write');
