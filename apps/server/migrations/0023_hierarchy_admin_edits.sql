ALTER TABLE "clinics" ADD COLUMN "edited_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "ehr_values" jsonb;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "edited_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "ehr_values" jsonb;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "edited_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "ehr_values" jsonb;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "synced_at" timestamp with time zone;