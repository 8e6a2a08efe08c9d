CREATE TABLE "pop_cost_body_systems" (
	"organisation_id" uuid NOT NULL,
	"period" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"clinic_id" uuid,
	"body_system" text NOT NULL,
	"allowed" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"claims" integer NOT NULL,
	CONSTRAINT "pop_cost_body_systems_organisation_id_period_provider_id_body_system_pk" PRIMARY KEY("organisation_id","period","provider_id","body_system")
);
--> statement-breakpoint
ALTER TABLE "pop_cost_body_systems" ADD CONSTRAINT "pop_cost_body_systems_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pop_costs" DROP COLUMN "body_system";--> statement-breakpoint
-- The body systems' amounts are in their own table now, empty until the next rebuild: mark every organisation stale.
UPDATE "population_refresh" SET "dirty_since" = coalesce("dirty_since", now());
