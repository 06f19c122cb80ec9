ALTER TABLE "webhook_delivery" ADD COLUMN "last_error_key" text;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "last_error_values" jsonb;--> statement-breakpoint
-- Errors logged before, where their words are known: the reader's language from now on.
UPDATE "webhook_delivery" SET "last_error_key" = 'webhook.switchedOff' WHERE "last_error" = 'The webhook is switched off.';--> statement-breakpoint
UPDATE "webhook_delivery" SET "last_error_key" = 'webhook.receiverAnswered', "last_error_values" = jsonb_build_object('status', "response_status") WHERE "last_error" = 'The receiver answered ' || "response_status";
