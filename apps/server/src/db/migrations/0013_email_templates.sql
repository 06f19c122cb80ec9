DROP TABLE "email_outbox" CASCADE;--> statement-breakpoint
ALTER TABLE "holiday_reminder_log" ADD COLUMN "email_id" integer;--> statement-breakpoint
ALTER TABLE "holiday_reminder_log" DROP COLUMN "email_outbox_id";