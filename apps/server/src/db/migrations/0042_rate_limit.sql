CREATE TABLE "rate_limit_hit" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
-- Counts only: not worth the WAL (a crash forgets a minute of counts), and a replica needs none of it.
ALTER TABLE "rate_limit_hit" SET UNLOGGED;
