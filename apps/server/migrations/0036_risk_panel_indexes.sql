CREATE INDEX "risk_counts_hcc" ON "risk_counts" USING btree ("organisation_id","hcc","month");--> statement-breakpoint
CREATE INDEX "risk_decision_days_hcc" ON "risk_decision_days" USING btree ("organisation_id","hcc","month");--> statement-breakpoint
CREATE INDEX "risk_pushes_failed" ON "risk_pushes" USING btree ("organisation_id","month") WHERE "risk_pushes"."status" = 'failed';