ALTER TABLE "trigger_run" ADD COLUMN "trigger_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trigger_run" ADD COLUMN "case_number" text;--> statement-breakpoint
-- Runs logged before: the names of the triggers and tickets that still exist (a deleted trigger's run says so).
UPDATE "trigger_run" r SET "trigger_name" = t."name" FROM "trigger" t WHERE t."id" = r."trigger_id";--> statement-breakpoint
UPDATE "trigger_run" r SET "case_number" = t."case_number" FROM "ticket" t WHERE t."id" = r."ticket_id";--> statement-breakpoint
UPDATE "trigger_run" r SET "case_number" = a."case_number" FROM "ticket_archive" a WHERE a."id" = r."ticket_id" AND r."case_number" IS NULL;
