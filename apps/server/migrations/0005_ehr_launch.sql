CREATE TABLE "ehr_launch_states" (
	"state" text PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ehr_launch_states" ADD CONSTRAINT "ehr_launch_states_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_launch_states" ADD CONSTRAINT "ehr_launch_states_connection_id_ehr_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ehr_connections"("id") ON DELETE cascade ON UPDATE no action;