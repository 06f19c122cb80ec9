ALTER TABLE "ticket" ADD COLUMN "sla_next_update_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_next_update_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_update_minutes" double precision;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_update_breaches" integer DEFAULT 0 NOT NULL;