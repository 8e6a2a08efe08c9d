ALTER TABLE "identity_providers" ALTER COLUMN "client_id" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "identity_providers" ALTER COLUMN "client_secret_encrypted" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "protocol" text DEFAULT 'oidc' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "saml_metadata_url" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "saml_metadata_xml" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "saml_metadata_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scim_groups" ADD COLUMN "source" text DEFAULT 'scim' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_states" ADD COLUMN "saml_relay_state_hash" text;--> statement-breakpoint
ALTER TABLE "sso_states" ADD COLUMN "saml_response" text;--> statement-breakpoint
ALTER TABLE "sso_states" ADD COLUMN "saml_code_hash" text;--> statement-breakpoint
ALTER TABLE "sso_states" ADD CONSTRAINT "sso_states_saml_relay_state_hash_unique" UNIQUE("saml_relay_state_hash");