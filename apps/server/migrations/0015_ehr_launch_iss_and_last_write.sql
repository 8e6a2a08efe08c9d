ALTER TABLE "ehr_connections" ADD COLUMN "last_write_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ehr_connections" ADD COLUMN "last_write_error" text;--> statement-breakpoint
ALTER TABLE "ehr_launch_states" ADD COLUMN "iss" text;