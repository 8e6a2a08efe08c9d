CREATE TABLE "partner_note_actions" (
	"partner_note_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"appointment_id" uuid,
	"status" text NOT NULL,
	"note" text,
	"acted_by" uuid NOT NULL,
	"actor_role" text NOT NULL,
	"acted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_note_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"partner_note_id" uuid NOT NULL,
	"appointment_id" uuid,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"version" integer NOT NULL,
	"changed_by" uuid NOT NULL,
	"role" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"resource_type" text NOT NULL,
	"partner" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"authored_on" date NOT NULL,
	"status" text NOT NULL,
	"codings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_note_actions" ADD CONSTRAINT "partner_note_actions_partner_note_id_partner_notes_id_fk" FOREIGN KEY ("partner_note_id") REFERENCES "public"."partner_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_note_actions" ADD CONSTRAINT "partner_note_actions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_note_actions" ADD CONSTRAINT "partner_note_actions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_note_actions" ADD CONSTRAINT "partner_note_actions_acted_by_users_id_fk" FOREIGN KEY ("acted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_note_history" ADD CONSTRAINT "partner_note_history_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_note_history" ADD CONSTRAINT "partner_note_history_partner_note_id_partner_notes_id_fk" FOREIGN KEY ("partner_note_id") REFERENCES "public"."partner_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_note_history" ADD CONSTRAINT "partner_note_history_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_note_history" ADD CONSTRAINT "partner_note_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_notes" ADD CONSTRAINT "partner_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_notes" ADD CONSTRAINT "partner_notes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_note_history_note" ON "partner_note_history" USING btree ("partner_note_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_notes_source" ON "partner_notes" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "partner_notes_patient" ON "partner_notes" USING btree ("patient_id","authored_on");