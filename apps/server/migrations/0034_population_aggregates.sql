CREATE TABLE "pop_cost_bands" (
	"organisation_id" uuid NOT NULL,
	"period" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid,
	"raf_band" text NOT NULL,
	"patients" integer NOT NULL,
	"member_months" integer NOT NULL,
	"allowed" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"outliers_allowed" integer NOT NULL,
	"outliers_paid" integer NOT NULL,
	"with_allowed" integer NOT NULL,
	"with_paid" integer NOT NULL,
	CONSTRAINT "pop_cost_bands_organisation_id_period_provider_id_raf_band_pk" PRIMARY KEY("organisation_id","period","provider_id","raf_band")
);
--> statement-breakpoint
CREATE TABLE "pop_stay_diagnoses" (
	"organisation_id" uuid NOT NULL,
	"period" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid,
	"ccsr_category" text NOT NULL,
	"admissions" integer NOT NULL,
	"observation_stays" integer NOT NULL,
	"emergency_visits" integer NOT NULL,
	CONSTRAINT "pop_stay_diagnoses_organisation_id_period_provider_id_ccsr_category_pk" PRIMARY KEY("organisation_id","period","provider_id","ccsr_category")
);
--> statement-breakpoint
CREATE TABLE "pop_stay_months" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid,
	"kind" text NOT NULL,
	"admitted" integer NOT NULL,
	"discharged" integer NOT NULL,
	"readmitted" integer NOT NULL,
	"los_days" integer NOT NULL,
	CONSTRAINT "pop_stay_months_organisation_id_month_provider_id_kind_pk" PRIMARY KEY("organisation_id","month","provider_id","kind")
);
--> statement-breakpoint
ALTER TABLE "pop_patient_periods" ADD COLUMN "is_outlier_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pop_patient_periods" ADD COLUMN "is_outlier_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pop_cost_bands" ADD CONSTRAINT "pop_cost_bands_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pop_stay_diagnoses" ADD CONSTRAINT "pop_stay_diagnoses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pop_stay_months" ADD CONSTRAINT "pop_stay_months_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The new tables are empty until the organisations' next rebuild: mark every organisation's tables stale.
UPDATE "population_refresh" SET "dirty_since" = coalesce("dirty_since", now());
