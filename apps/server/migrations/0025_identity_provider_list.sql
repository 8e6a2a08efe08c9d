-- Several identity providers per organisation (issue 17 item 4). The provider each organisation had
-- becomes the first of its list and keeps the organisation's URLs its IdP was registered with.
ALTER TABLE "identity_providers" DROP CONSTRAINT "identity_providers_pkey";--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_pkey" PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "is_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "has_organisation_urls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
UPDATE "identity_providers" AS "provider" SET "has_organisation_urls" = true, "last_sign_in_at" = (
  SELECT max("last_login_at") FROM "users"
  WHERE "users"."organisation_id" = "provider"."organisation_id" AND "users"."oidc_subject" IS NOT NULL
);--> statement-breakpoint
CREATE INDEX "identity_providers_organisation" ON "identity_providers" USING btree ("organisation_id");--> statement-breakpoint
-- A sign-in in flight belongs to its organisation's provider.
ALTER TABLE "sso_states" ADD COLUMN "provider_id" uuid;--> statement-breakpoint
UPDATE "sso_states" SET "provider_id" = "identity_providers"."id" FROM "identity_providers"
  WHERE "identity_providers"."organisation_id" = "sso_states"."organisation_id";--> statement-breakpoint
DELETE FROM "sso_states" WHERE "provider_id" IS NULL;--> statement-breakpoint
ALTER TABLE "sso_states" ALTER COLUMN "provider_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_states" ADD CONSTRAINT "sso_states_provider_id_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A subject is unique within its provider only: each SSO user is linked to the provider that signed them in.
ALTER TABLE "users" ADD COLUMN "identity_provider_id" uuid;--> statement-breakpoint
UPDATE "users" SET "identity_provider_id" = "identity_providers"."id" FROM "identity_providers"
  WHERE "identity_providers"."organisation_id" = "users"."organisation_id" AND "users"."oidc_subject" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_identity_provider_id_identity_providers_id_fk" FOREIGN KEY ("identity_provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP INDEX "users_oidc_subject";--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject" ON "users" USING btree ("organisation_id","identity_provider_id","oidc_subject");
