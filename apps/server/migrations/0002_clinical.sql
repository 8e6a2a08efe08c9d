CREATE TABLE "allergies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"code" text,
	"display" text NOT NULL,
	"category" text,
	"criticality" text,
	"clinical_status" text,
	"reaction" text,
	"recorded_date" date,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_jobs" (
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
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_id" uuid,
	"department_id" uuid,
	"encounter_id" uuid,
	"status" text DEFAULT 'booked' NOT NULL,
	"visit_type" text DEFAULT '' NOT NULL,
	"reason" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"service_date" date NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_diagnoses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"claim_type" text NOT NULL,
	"sequence" integer NOT NULL,
	"icd_code" text NOT NULL,
	"icd_mapped" boolean DEFAULT false NOT NULL,
	"display" text DEFAULT '' NOT NULL,
	"service_date" date NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"encounter_id" uuid,
	"icd_code" text,
	"icd_mapped" boolean DEFAULT false NOT NULL,
	"snomed_code" text,
	"display" text NOT NULL,
	"codings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text NOT NULL,
	"clinical_status" text DEFAULT 'unknown' NOT NULL,
	"verification_status" text,
	"onset_date" date,
	"recorded_date" date,
	"abatement_date" date,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coverages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"payer" text NOT NULL,
	"plan" text,
	"type_code" text,
	"status" text DEFAULT 'active' NOT NULL,
	"period_start" date,
	"period_end" date,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnostic_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"encounter_id" uuid,
	"code" text,
	"display" text NOT NULL,
	"category" text,
	"effective_date" date NOT NULL,
	"conclusion" text,
	"result_source_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"encounter_id" uuid,
	"title" text NOT NULL,
	"type_code" text,
	"type_display" text,
	"author" text,
	"document_date" date NOT NULL,
	"content_type" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"file_key" text,
	"file_size" integer,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce("documents"."title", '') || ' ' || coalesce("documents"."text", ''))) STORED NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encounters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_id" uuid,
	"clinic_id" uuid,
	"status" text DEFAULT 'finished' NOT NULL,
	"class_code" text,
	"types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "immunizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"cvx_code" text NOT NULL,
	"display" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"occurrence_date" date NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"rxnorm_code" text,
	"display" text NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"dosage" text,
	"prescriber" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"encounter_id" uuid,
	"category" text,
	"loinc" text NOT NULL,
	"display" text NOT NULL,
	"effective_date" date NOT NULL,
	"value" double precision,
	"unit" text,
	"value_code" text,
	"value_system" text,
	"value_text" text,
	"reference_low" double precision,
	"reference_high" double precision,
	"interpretation" text,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_analyses" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"data_version" bigint NOT NULL,
	"as_of" date NOT NULL,
	"suggestions" jsonb NOT NULL,
	"care_gaps" jsonb NOT NULL,
	"risk_score" jsonb NOT NULL,
	"open_suggestions" integer NOT NULL,
	"hcc_count" integer NOT NULL,
	"open_care_gaps" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"mrn" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"birth_date" date NOT NULL,
	"gender" text DEFAULT 'unknown' NOT NULL,
	"deceased_date" date,
	"phone" text,
	"address" text,
	"primary_provider_id" uuid,
	"identifiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_version" bigint DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_visit_reviews" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"ready_at" timestamp with time zone DEFAULT now() NOT NULL,
	"viewed_at" timestamp with time zone,
	"viewed_by" uuid,
	"is_done_by_provider" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"encounter_id" uuid,
	"code" text NOT NULL,
	"system" text NOT NULL,
	"display" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"performed_date" date NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"department_id" uuid,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text NOT NULL,
	"suffix" text,
	"npi" text,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summary_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summary_update_reads" (
	"summary_update_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"is_read" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "summary_update_reads_summary_update_id_user_id_pk" PRIMARY KEY("summary_update_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "summary_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_providers" (
	"user_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	CONSTRAINT "user_providers_user_id_provider_id_pk" PRIMARY KEY("user_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_jobs" ADD CONSTRAINT "analysis_jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_jobs" ADD CONSTRAINT "analysis_jobs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_diagnoses" ADD CONSTRAINT "claim_diagnoses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_diagnoses" ADD CONSTRAINT "claim_diagnoses_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD CONSTRAINT "diagnostic_reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD CONSTRAINT "diagnostic_reports_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_reports" ADD CONSTRAINT "diagnostic_reports_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immunizations" ADD CONSTRAINT "immunizations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immunizations" ADD CONSTRAINT "immunizations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_analyses" ADD CONSTRAINT "patient_analyses_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_analyses" ADD CONSTRAINT "patient_analyses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_primary_provider_id_providers_id_fk" FOREIGN KEY ("primary_provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_visit_reviews" ADD CONSTRAINT "post_visit_reviews_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_visit_reviews" ADD CONSTRAINT "post_visit_reviews_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_visit_reviews" ADD CONSTRAINT "post_visit_reviews_viewed_by_users_id_fk" FOREIGN KEY ("viewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_notes" ADD CONSTRAINT "summary_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_notes" ADD CONSTRAINT "summary_notes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_notes" ADD CONSTRAINT "summary_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_update_reads" ADD CONSTRAINT "summary_update_reads_summary_update_id_summary_updates_id_fk" FOREIGN KEY ("summary_update_id") REFERENCES "public"."summary_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_update_reads" ADD CONSTRAINT "summary_update_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_updates" ADD CONSTRAINT "summary_updates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_updates" ADD CONSTRAINT "summary_updates_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_providers" ADD CONSTRAINT "user_providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_providers" ADD CONSTRAINT "user_providers_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allergies_source" ON "allergies" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "allergies_patient" ON "allergies" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_jobs_one_pending" ON "analysis_jobs" USING btree ("patient_id") WHERE "analysis_jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "analysis_jobs_queue" ON "analysis_jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "analytics_events_organisation_time" ON "analytics_events" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_source" ON "appointments" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "appointments_day" ON "appointments" USING btree ("organisation_id","service_date","start_at");--> statement-breakpoint
CREATE INDEX "appointments_provider_day" ON "appointments" USING btree ("provider_id","service_date");--> statement-breakpoint
CREATE INDEX "appointments_patient" ON "appointments" USING btree ("patient_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_diagnoses_source" ON "claim_diagnoses" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "claim_diagnoses_patient" ON "claim_diagnoses" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinics_source" ON "clinics" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conditions_source" ON "conditions" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "conditions_patient" ON "conditions" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coverages_source" ON "coverages" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "coverages_patient" ON "coverages" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_source" ON "departments" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "departments_clinic" ON "departments" USING btree ("clinic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnostic_reports_source" ON "diagnostic_reports" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "diagnostic_reports_patient" ON "diagnostic_reports" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_source" ON "documents" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "documents_patient" ON "documents" USING btree ("patient_id","document_date");--> statement-breakpoint
CREATE INDEX "documents_search" ON "documents" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "encounters_source" ON "encounters" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "encounters_patient" ON "encounters" USING btree ("patient_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "immunizations_source" ON "immunizations" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "immunizations_patient" ON "immunizations" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "medications_source" ON "medications" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "medications_patient" ON "medications" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "observations_source" ON "observations" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "observations_patient_loinc" ON "observations" USING btree ("patient_id","loinc","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_source" ON "patients" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "patients_name" ON "patients" USING btree ("organisation_id",lower("last_name") text_pattern_ops,lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_first_name" ON "patients" USING btree ("organisation_id",lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_birth_date" ON "patients" USING btree ("organisation_id","birth_date");--> statement-breakpoint
CREATE INDEX "patients_mrn" ON "patients" USING btree ("organisation_id","mrn");--> statement-breakpoint
CREATE INDEX "patients_primary_provider" ON "patients" USING btree ("primary_provider_id");--> statement-breakpoint
CREATE INDEX "post_visit_reviews_ready" ON "post_visit_reviews" USING btree ("organisation_id","ready_at");--> statement-breakpoint
CREATE UNIQUE INDEX "procedures_source" ON "procedures" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "procedures_patient" ON "procedures" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_source" ON "providers" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "providers_department" ON "providers" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "summary_notes_appointment" ON "summary_notes" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "summary_updates_appointment" ON "summary_updates" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "user_providers_provider" ON "user_providers" USING btree ("provider_id");