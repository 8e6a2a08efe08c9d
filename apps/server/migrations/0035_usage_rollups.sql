CREATE TABLE "analytics_timing_days" (
	"organisation_id" uuid NOT NULL,
	"day" date NOT NULL,
	"page" text NOT NULL,
	"mark" text NOT NULL,
	"ms" double precision[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_usage_days" (
	"organisation_id" uuid NOT NULL,
	"day" date NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"page" text NOT NULL,
	"events" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_usage_rollups" (
	"organisation_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "analytics_usage_rollups_organisation_id_day_pk" PRIMARY KEY("organisation_id","day")
);
--> statement-breakpoint
ALTER TABLE "analytics_timing_days" ADD CONSTRAINT "analytics_timing_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_usage_days" ADD CONSTRAINT "analytics_usage_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_usage_rollups" ADD CONSTRAINT "analytics_usage_rollups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_timing_days_day" ON "analytics_timing_days" USING btree ("organisation_id","day");--> statement-breakpoint
CREATE INDEX "analytics_usage_days_day" ON "analytics_usage_days" USING btree ("organisation_id","day");