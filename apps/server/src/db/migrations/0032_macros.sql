CREATE TABLE "macro" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"actions" jsonb NOT NULL,
	"owner_id" integer NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	"seed_code" text
);
--> statement-breakpoint
ALTER TABLE "macro" ADD CONSTRAINT "macro_owner_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro" ADD CONSTRAINT "macro_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro" ADD CONSTRAINT "macro_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "macro_owner_idx" ON "macro" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_seed_code_uq" ON "macro" USING btree ("seed_code");--> statement-breakpoint
-- A database made before macros: the Tickets group gets the Macros screen (a new database gets it from the seed),
-- unless an entry with its path exists; it goes just before Open items, as in the seed.
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "permission_module")
SELECT p."id", '/macro/list', 'MacroList', 'ticket/macro/index',
       coalesce((SELECT c."sort" FROM "menu" c WHERE c."parent_id" = p."id" AND c."path" = '/openItem/list'),
                (SELECT max(c."sort") FROM "menu" c WHERE c."parent_id" = p."id"), 0) - 5, 'Macros',
       '{"en":"Macros","zh-cn":"宏","zh-tw":"巨集"}'::jsonb, 'macro'
  FROM "menu" p
 WHERE p."path" = '/ticket' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/macro/list');
--> statement-breakpoint
-- The Staff role of an existing database got its permissions once: it gets the use of macros here (a new
-- database's seed gives them). The permission rows are the seed's; written here first, the seed skips them.
INSERT INTO "permission" ("code", "module", "action", "name", "is_button", "sort")
VALUES ('macro:page', 'macro', 'page', 'Macro: page', false, 10000),
       ('macro:view', 'macro', 'view', 'Macro: view', true, 10001)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permission" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "role" r JOIN "permission" p ON p."code" IN ('macro:page', 'macro:view')
 WHERE r."code" = 'common'
ON CONFLICT DO NOTHING;
