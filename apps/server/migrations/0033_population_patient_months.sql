CREATE TABLE "pop_patient_months" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"patient_id" uuid NOT NULL,
	"allowed" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"by_category" jsonb NOT NULL,
	CONSTRAINT "pop_patient_months_organisation_id_month_patient_id_pk" PRIMARY KEY("organisation_id","month","patient_id")
);
--> statement-breakpoint
ALTER TABLE "pop_patient_months" ADD CONSTRAINT "pop_patient_months_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pop_patient_months_allowed" ON "pop_patient_months" USING btree ("organisation_id","month","allowed" DESC NULLS LAST);