CREATE TABLE "dx_decision_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"icd_code" text NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"note" text,
	"stop_showing" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL,
	"is_post_visit" boolean DEFAULT false NOT NULL,
	"changed_by" uuid NOT NULL,
	"role" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dx_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"icd_code" text NOT NULL,
	"status" text NOT NULL,
	"is_added" boolean DEFAULT false NOT NULL,
	"reason" text,
	"note" text,
	"stop_showing" boolean DEFAULT false NOT NULL,
	"decided_by" uuid NOT NULL,
	"decider_role" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_post_visit" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dx_visit_states" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"scrub_sent_at" timestamp with time zone,
	"scrub_sent_by" uuid,
	"pushed_at" timestamp with time zone,
	"post_visit_updated_icds" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ehr_problem_list_writes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
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
ALTER TABLE "dx_decision_history" ADD CONSTRAINT "dx_decision_history_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dx_decision_history" ADD CONSTRAINT "dx_decision_history_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dx_decision_history" ADD CONSTRAINT "dx_decision_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dx_decisions" ADD CONSTRAINT "dx_decisions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dx_decisions" ADD CONSTRAINT "dx_decisions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dx_decisions" ADD CONSTRAINT "dx_decisions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dx_decisions" ADD CONSTRAINT "dx_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dx_visit_states" ADD CONSTRAINT "dx_visit_states_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dx_visit_states" ADD CONSTRAINT "dx_visit_states_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dx_visit_states" ADD CONSTRAINT "dx_visit_states_scrub_sent_by_users_id_fk" FOREIGN KEY ("scrub_sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_problem_list_writes" ADD CONSTRAINT "ehr_problem_list_writes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_problem_list_writes" ADD CONSTRAINT "ehr_problem_list_writes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_problem_list_writes" ADD CONSTRAINT "ehr_problem_list_writes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dx_decision_history_visit" ON "dx_decision_history" USING btree ("appointment_id","icd_code","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dx_decisions_visit_code" ON "dx_decisions" USING btree ("appointment_id","icd_code");--> statement-breakpoint
CREATE INDEX "dx_decisions_patient_rejected" ON "dx_decisions" USING btree ("patient_id","decided_at") WHERE "dx_decisions"."status" = 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "ehr_problem_list_writes_patient_code" ON "ehr_problem_list_writes" USING btree ("patient_id","icd_code");--> statement-breakpoint
CREATE UNIQUE INDEX "ehr_problem_list_writes_identifier" ON "ehr_problem_list_writes" USING btree ("identifier");