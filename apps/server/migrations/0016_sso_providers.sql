ALTER TABLE "identity_providers" ADD COLUMN "display_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "claim_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "allowed_email_domains" text[] DEFAULT '{}'::text[] NOT NULL;