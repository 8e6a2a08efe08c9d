CREATE TABLE "fit_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"template_id" uuid,
	"template_name" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"return_by_days" integer NOT NULL,
	"mailed_on" date NOT NULL,
	"return_by" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fit_kits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"status" text NOT NULL,
	"mailed_on" date NOT NULL,
	"returned_on" date,
	"resulted_on" date,
	"result" text,
	"result_text" text,
	"observation_id" uuid,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fit_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"return_by_days" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fit_batches" ADD CONSTRAINT "fit_batches_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fit_batches" ADD CONSTRAINT "fit_batches_template_id_fit_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."fit_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fit_batches" ADD CONSTRAINT "fit_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fit_kits" ADD CONSTRAINT "fit_kits_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fit_kits" ADD CONSTRAINT "fit_kits_batch_id_fit_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."fit_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fit_kits" ADD CONSTRAINT "fit_kits_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fit_kits" ADD CONSTRAINT "fit_kits_observation_id_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."observations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fit_kits" ADD CONSTRAINT "fit_kits_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fit_templates" ADD CONSTRAINT "fit_templates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fit_templates" ADD CONSTRAINT "fit_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fit_templates" ADD CONSTRAINT "fit_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fit_batches_organisation" ON "fit_batches" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fit_kits_batch_patient" ON "fit_kits" USING btree ("batch_id","patient_id");--> statement-breakpoint
CREATE INDEX "fit_kits_list" ON "fit_kits" USING btree ("organisation_id","status","mailed_on");--> statement-breakpoint
CREATE INDEX "fit_kits_outstanding" ON "fit_kits" USING btree ("patient_id","mailed_on") WHERE "fit_kits"."status" in ('mailed', 'returned', 'lost');--> statement-breakpoint
CREATE UNIQUE INDEX "fit_kits_observation" ON "fit_kits" USING btree ("observation_id") WHERE "fit_kits"."observation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fit_templates_name" ON "fit_templates" USING btree ("organisation_id",lower("name"));