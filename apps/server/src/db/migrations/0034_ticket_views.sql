CREATE TABLE "ticket_view" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_view_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"sort" jsonb NOT NULL,
	"owner_id" integer NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_view" ADD CONSTRAINT "ticket_view_owner_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_view" ADD CONSTRAINT "ticket_view_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_view" ADD CONSTRAINT "ticket_view_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_view_owner_idx" ON "ticket_view" USING btree ("owner_id");--> statement-breakpoint
-- The Staff role of an existing database got its permissions once: its agents get their own saved ticket views here
-- (a new database's seed gives them). The permission row is the seed's; written here first, the seed skips it.
INSERT INTO "permission" ("code", "module", "action", "name", "is_button", "sort")
SELECT 'ticketView:view', 'ticketView', 'view', 'Ticket view: view', true,
       (SELECT coalesce(max("sort"), 0) FROM "permission") + 1
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permission" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "role" r JOIN "permission" p ON p."code" = 'ticketView:view'
 WHERE r."code" = 'common'
ON CONFLICT DO NOTHING;
