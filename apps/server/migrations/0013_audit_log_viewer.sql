DROP INDEX "audit_log_organisation_time";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "outcome" text GENERATED ALWAYS AS (case
          when details->>'outcome' in ('success', 'failure', 'denied') then details->>'outcome'
          when action = 'auth.password_reset_requested' then case details->>'outcome'
            when 'unknown_account' then 'failure'
            when 'sso_account' then 'denied'
            when 'too_many_codes' then 'denied'
            else 'success' end
          when action = 'auth.lockout' or action ~ '_(refused|denied|revoked)$' then 'denied'
          when action ~ '_failed$' then 'failure'
          else 'success' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_organisation_time_id" ON "audit_log" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_user_time" ON "audit_log" USING btree ("organisation_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_patient_time" ON "audit_log" USING btree ("organisation_id","patient_id","created_at","id") WHERE patient_id is not null;--> statement-breakpoint
CREATE INDEX "audit_log_action_time" ON "audit_log" USING btree ("organisation_id","action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_outcome_time" ON "audit_log" USING btree ("organisation_id","outcome","created_at","id");--> statement-breakpoint
-- The action fixes the outcome (nearly always): without this the planner multiplies their selectivities,
-- expects few rows for "action and outcome", and sorts a bitmap scan instead of reading an index in order.
CREATE STATISTICS IF NOT EXISTS "audit_log_action_outcome" (dependencies, mcv) ON "action", "outcome" FROM "audit_log";