DROP INDEX "pop_patient_periods_allowed";--> statement-breakpoint
DROP INDEX "pop_patient_periods_paid";--> statement-breakpoint
ALTER TABLE "pop_patient_amounts" ADD COLUMN "is_outlier_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pop_patient_amounts" ADD COLUMN "is_outlier_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "pop_patient_amounts_paid" ON "pop_patient_amounts" USING btree ("organisation_id","period","grouping","code","paid_total" DESC NULLS LAST);--> statement-breakpoint
-- The totals rows are written at the organisations' next rebuild: mark every organisation's tables stale.
UPDATE "population_refresh" SET "dirty_since" = coalesce("dirty_since", now());
