CREATE TABLE "risk_counts" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"hcc" integer NOT NULL,
	"recapture_due" integer DEFAULT 0 NOT NULL,
	"recaptured" integer DEFAULT 0 NOT NULL,
	"decided" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"decided_by_coder" integer DEFAULT 0 NOT NULL,
	"accepted_by_coder" integer DEFAULT 0 NOT NULL,
	"decided_by_provider" integer DEFAULT 0 NOT NULL,
	"accepted_by_provider" integer DEFAULT 0 NOT NULL,
	"decided_before_visit" integer DEFAULT 0 NOT NULL,
	"both_decided" integer DEFAULT 0 NOT NULL,
	"agreed" integer DEFAULT 0 NOT NULL,
	"pushes_written" integer DEFAULT 0 NOT NULL,
	"pushes_failed" integer DEFAULT 0 NOT NULL,
	"pushes_pending" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "risk_counts_organisation_id_month_provider_id_clinic_id_hcc_pk" PRIMARY KEY("organisation_id","month","provider_id","clinic_id","hcc")
);
--> statement-breakpoint
CREATE TABLE "risk_decision_days" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"hcc" integer NOT NULL,
	"days" integer NOT NULL,
	"decisions" integer NOT NULL,
	CONSTRAINT "risk_decision_days_organisation_id_month_provider_id_clinic_id_hcc_days_pk" PRIMARY KEY("organisation_id","month","provider_id","clinic_id","hcc","days")
);
--> statement-breakpoint
CREATE TABLE "risk_decisions" (
	"organisation_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"icd_code" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"hcc" integer NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"is_added" boolean NOT NULL,
	"status" text NOT NULL,
	"decider_role" text NOT NULL,
	"decided_on" date NOT NULL,
	"month" date NOT NULL,
	"visit_date" date NOT NULL,
	"days_to_decision" integer NOT NULL,
	"is_before_visit" boolean NOT NULL,
	"coder_status" text,
	"provider_status" text,
	"both_decided_on" date,
	CONSTRAINT "risk_decisions_organisation_id_appointment_id_icd_code_pk" PRIMARY KEY("organisation_id","appointment_id","icd_code")
);
--> statement-breakpoint
CREATE TABLE "risk_open_suggestions" (
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"icd_code" text NOT NULL,
	"hcc" integer NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"category" text NOT NULL,
	"suspect_kind" text,
	"decision_status" text,
	CONSTRAINT "risk_open_suggestions_organisation_id_patient_id_icd_code_pk" PRIMARY KEY("organisation_id","patient_id","icd_code")
);
--> statement-breakpoint
CREATE TABLE "risk_patients" (
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"raf_now" numeric(8, 4) NOT NULL,
	"raf_potential" numeric(8, 4) NOT NULL,
	"open_suggestions" integer NOT NULL,
	"next_visit_id" uuid,
	"next_visit_date" date,
	CONSTRAINT "risk_patients_organisation_id_patient_id_pk" PRIMARY KEY("organisation_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "risk_pushes" (
	"organisation_id" uuid NOT NULL,
	"write_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"icd_code" text NOT NULL,
	"hcc" integer NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"pushed_on" date NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "risk_pushes_organisation_id_write_id_pk" PRIMARY KEY("organisation_id","write_id")
);
--> statement-breakpoint
CREATE TABLE "risk_recaptures" (
	"organisation_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"patient_id" uuid NOT NULL,
	"hcc" integer NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"last_documented_on" date NOT NULL,
	"recaptured_on" date,
	"recapture_source" text,
	"recapture_appointment_id" uuid,
	CONSTRAINT "risk_recaptures_organisation_id_year_patient_id_hcc_pk" PRIMARY KEY("organisation_id","year","patient_id","hcc")
);
--> statement-breakpoint
CREATE TABLE "risk_snapshots" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"hcc" integer NOT NULL,
	"patients" integer NOT NULL,
	"raf_now_sum" numeric(16, 4) NOT NULL,
	"raf_potential_sum" numeric(16, 4) NOT NULL,
	"open_suggestions" integer NOT NULL,
	"undecided_suggestions" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_snapshots_organisation_id_month_provider_id_clinic_id_hcc_pk" PRIMARY KEY("organisation_id","month","provider_id","clinic_id","hcc")
);
--> statement-breakpoint
ALTER TABLE "risk_counts" ADD CONSTRAINT "risk_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_decision_days" ADD CONSTRAINT "risk_decision_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_decisions" ADD CONSTRAINT "risk_decisions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_open_suggestions" ADD CONSTRAINT "risk_open_suggestions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_patients" ADD CONSTRAINT "risk_patients_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_pushes" ADD CONSTRAINT "risk_pushes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_recaptures" ADD CONSTRAINT "risk_recaptures_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_snapshots" ADD CONSTRAINT "risk_snapshots_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_decisions_month" ON "risk_decisions" USING btree ("organisation_id","month");--> statement-breakpoint
CREATE INDEX "risk_decisions_both" ON "risk_decisions" USING btree ("organisation_id","both_decided_on");--> statement-breakpoint
CREATE INDEX "risk_open_suggestions_provider" ON "risk_open_suggestions" USING btree ("organisation_id","provider_id","hcc");--> statement-breakpoint
CREATE INDEX "risk_patients_provider" ON "risk_patients" USING btree ("organisation_id","provider_id");--> statement-breakpoint
CREATE INDEX "risk_pushes_month" ON "risk_pushes" USING btree ("organisation_id","month");--> statement-breakpoint
CREATE INDEX "risk_recaptures_provider" ON "risk_recaptures" USING btree ("organisation_id","year","provider_id");