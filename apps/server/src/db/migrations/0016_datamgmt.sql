CREATE TABLE "ticket_archive" (
	"id" integer PRIMARY KEY NOT NULL,
	"case_number" text NOT NULL,
	"project_id" integer NOT NULL,
	"private_ticket" boolean NOT NULL,
	"created_by" integer,
	"assign_to" integer,
	"delegate_to" integer,
	"grant_access" integer[] DEFAULT '{}'::int[] NOT NULL,
	"close_date" timestamp with time zone,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_archive_case_number_uq" ON "ticket_archive" USING btree ("case_number");--> statement-breakpoint
CREATE INDEX "ticket_archive_project_idx" ON "ticket_archive" USING btree ("project_id");