CREATE TABLE "pop_patient_amounts" (
	"organisation_id" uuid NOT NULL,
	"period" text NOT NULL,
	"grouping" text NOT NULL,
	"code" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid,
	"raf_band" text NOT NULL,
	"allowed" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid_total" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "pop_patient_amounts_organisation_id_period_grouping_code_patient_id_pk" PRIMARY KEY("organisation_id","period","grouping","code","patient_id")
);
--> statement-breakpoint
ALTER TABLE "pop_patient_amounts" ADD CONSTRAINT "pop_patient_amounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pop_patient_amounts_allowed" ON "pop_patient_amounts" USING btree ("organisation_id","period","grouping","code","allowed" DESC NULLS LAST);--> statement-breakpoint
-- Empty until the organisations' next rebuild: mark every organisation's tables stale.
UPDATE "population_refresh" SET "dirty_since" = coalesce("dirty_since", now());
