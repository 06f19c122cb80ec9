ALTER TABLE "trigger_run" ADD COLUMN "trigger_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trigger_run" ADD COLUMN "case_number" text;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "last_error_key" text;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "last_error_values" jsonb;--> statement-breakpoint
-- Runs logged before: the names of the triggers and tickets that still exist (a deleted trigger's run says so).
UPDATE "trigger_run" r SET "trigger_name" = t."name" FROM "trigger" t WHERE t."id" = r."trigger_id";--> statement-breakpoint
UPDATE "trigger_run" r SET "case_number" = t."case_number" FROM "ticket" t WHERE t."id" = r."ticket_id";--> statement-breakpoint
UPDATE "trigger_run" r SET "case_number" = a."case_number" FROM "ticket_archive" a WHERE a."id" = r."ticket_id" AND r."case_number" IS NULL;--> statement-breakpoint
-- Errors logged before, where their words are known: the reader's language from now on.
UPDATE "webhook_delivery" SET "last_error_key" = 'webhook.switchedOff' WHERE "last_error" = 'The webhook is switched off.';--> statement-breakpoint
UPDATE "webhook_delivery" SET "last_error_key" = 'webhook.receiverAnswered', "last_error_values" = jsonb_build_object('status', "response_status") WHERE "last_error" = 'The receiver answered ' || "response_status";
