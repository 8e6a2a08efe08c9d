CREATE TABLE "ehr_condition_writes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"icd_code" text NOT NULL,
	"identifier" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ehr_resource_id" text,
	"failure_reason" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ehr_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"fhir_base_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text,
	"scopes" text DEFAULT 'launch openid fhirUser patient/*.read user/*.read user/Condition.write' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ehr_patient_syncs" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "ehr_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token_encrypted" text NOT NULL,
	"refresh_token_encrypted" text,
	"scope" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"patient_fhir_id" text,
	"encounter_fhir_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ehr_condition_writes" ADD CONSTRAINT "ehr_condition_writes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_condition_writes" ADD CONSTRAINT "ehr_condition_writes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_condition_writes" ADD CONSTRAINT "ehr_condition_writes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_connections" ADD CONSTRAINT "ehr_connections_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_patient_syncs" ADD CONSTRAINT "ehr_patient_syncs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_patient_syncs" ADD CONSTRAINT "ehr_patient_syncs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_patient_syncs" ADD CONSTRAINT "ehr_patient_syncs_connection_id_ehr_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ehr_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_sessions" ADD CONSTRAINT "ehr_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_sessions" ADD CONSTRAINT "ehr_sessions_connection_id_ehr_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ehr_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_sessions" ADD CONSTRAINT "ehr_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ehr_condition_writes_visit_code" ON "ehr_condition_writes" USING btree ("appointment_id","icd_code");--> statement-breakpoint
CREATE UNIQUE INDEX "ehr_condition_writes_identifier" ON "ehr_condition_writes" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "ehr_connections_name" ON "ehr_connections" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "ehr_connections_base" ON "ehr_connections" USING btree ("organisation_id","fhir_base_url");--> statement-breakpoint
CREATE INDEX "ehr_sessions_user" ON "ehr_sessions" USING btree ("user_id","created_at");