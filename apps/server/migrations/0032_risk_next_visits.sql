ALTER TABLE "risk_open_suggestions" ADD COLUMN "next_visit_id" uuid;--> statement-breakpoint
ALTER TABLE "risk_open_suggestions" ADD COLUMN "next_visit_date" date;--> statement-breakpoint
ALTER TABLE "risk_recaptures" ADD COLUMN "next_visit_id" uuid;--> statement-breakpoint
ALTER TABLE "risk_recaptures" ADD COLUMN "next_visit_date" date;