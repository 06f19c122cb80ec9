ALTER TABLE "notification" ADD COLUMN "title_key" text;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "title_values" jsonb;