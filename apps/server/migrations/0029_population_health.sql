CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"encounter_id" uuid,
	"resource_type" text NOT NULL,
	"claim_source_id" text,
	"claim_type" text,
	"service_category" text NOT NULL,
	"service_start" date NOT NULL,
	"service_end" date,
	"principal_icd" text,
	"billed" numeric(12, 2),
	"allowed" numeric(12, 2),
	"paid" numeric(12, 2),
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pop_costs" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid,
	"service_category" text NOT NULL,
	"body_system" text NOT NULL,
	"allowed" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"claims" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pop_members" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid,
	"members" integer NOT NULL,
	CONSTRAINT "pop_members_organisation_id_month_provider_id_pk" PRIMARY KEY("organisation_id","month","provider_id")
);
--> statement-breakpoint
CREATE TABLE "pop_patient_periods" (
	"organisation_id" uuid NOT NULL,
	"period" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid,
	"member_months" integer NOT NULL,
	"allowed" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"by_category" jsonb NOT NULL,
	"by_body_system" jsonb NOT NULL,
	"raf" numeric(8, 3),
	"raf_band" text NOT NULL,
	"admissions" integer NOT NULL,
	"emergency_visits" integer NOT NULL,
	CONSTRAINT "pop_patient_periods_organisation_id_period_patient_id_pk" PRIMARY KEY("organisation_id","period","patient_id")
);
--> statement-breakpoint
CREATE TABLE "pop_stays" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"admit_date" date NOT NULL,
	"discharge_date" date NOT NULL,
	"length_of_stay" integer NOT NULL,
	"diagnosis_code" text,
	"diagnosis_text" text,
	"ccsr_category" text NOT NULL,
	"is_readmission" boolean NOT NULL,
	"is_readmitted" boolean NOT NULL,
	CONSTRAINT "pop_stays_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "population_refresh" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"dirty_since" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	"as_of" date,
	"duration_ms" integer,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pop_costs" ADD CONSTRAINT "pop_costs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pop_members" ADD CONSTRAINT "pop_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pop_patient_periods" ADD CONSTRAINT "pop_patient_periods_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pop_stays" ADD CONSTRAINT "pop_stays_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "population_refresh" ADD CONSTRAINT "population_refresh_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claims_source" ON "claims" USING btree ("organisation_id","source","source_id");--> statement-breakpoint
CREATE INDEX "claims_patient" ON "claims" USING btree ("patient_id","service_start");--> statement-breakpoint
CREATE INDEX "claims_organisation_service" ON "claims" USING btree ("organisation_id","service_start");--> statement-breakpoint
CREATE INDEX "pop_costs_month" ON "pop_costs" USING btree ("organisation_id","month");--> statement-breakpoint
CREATE INDEX "pop_patient_periods_allowed" ON "pop_patient_periods" USING btree ("organisation_id","period","allowed" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pop_stays_admit" ON "pop_stays" USING btree ("organisation_id","admit_date");--> statement-breakpoint
CREATE INDEX "pop_stays_discharge" ON "pop_stays" USING btree ("organisation_id","discharge_date");