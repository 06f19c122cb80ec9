ALTER TABLE "login_log" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "login_log" ADD COLUMN "message_values" jsonb;--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "message_values" jsonb;