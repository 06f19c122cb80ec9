ALTER TABLE "dictionary_item" ADD COLUMN "name_zh_cn" text;--> statement-breakpoint
ALTER TABLE "dictionary_item" ADD COLUMN "name_zh_tw" text;