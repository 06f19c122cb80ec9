CREATE TABLE "text_module" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "text_module_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"language" text DEFAULT 'all' NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "text_module" ADD CONSTRAINT "text_module_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_module" ADD CONSTRAINT "text_module_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "text_module_created_by_idx" ON "text_module" USING btree ("created_by");--> statement-breakpoint
-- A database made before canned replies gets their menu entry under Tickets (a new one gets it from the seed),
-- unless an entry with its path exists.
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "permission_module")
SELECT p."id", '/textModule/list', 'TextModuleList', 'textModule/list/index',
       coalesce((SELECT max(c."sort") FROM "menu" c WHERE c."parent_id" = p."id"), 0) + 10, 'Canned replies',
       '{"en":"Canned replies","zh-cn":"快捷回复","zh-tw":"快捷回覆"}'::jsonb, 'textModule'
  FROM "menu" p
 WHERE p."path" = '/ticket' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/textModule/list');
--> statement-breakpoint
-- The common role got its codes once, when it was made: its agents get the canned replies here (use them, keep
-- private ones of their own). The seed adds the codes again, without harm, on every start.
INSERT INTO "permission" ("code", "module", "action", "name", "is_button", "sort")
SELECT 'textModule:' || a.action, 'textModule', a.action, 'Text module: ' || a.word, a.action <> 'page',
       (SELECT coalesce(max("sort"), 0) FROM "permission") + a.ord
  FROM (VALUES ('page', 'page', 1), ('view', 'view', 2), ('create', 'create', 3), ('edit', 'edit', 4),
               ('save', 'save', 5), ('delete', 'delete', 6), ('batchDelete', 'batch delete', 7),
               ('print', 'print', 8), ('export', 'export', 9), ('manage', 'manage', 10)) a(action, word, ord)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permission" ("role_id", "permission_id")
SELECT r."id", p."id"
  FROM "role" r
  JOIN "permission" p ON p."code" IN ('textModule:page', 'textModule:view', 'textModule:create', 'textModule:edit',
                                      'textModule:delete', 'textModule:batchDelete')
 WHERE r."code" = 'common'
ON CONFLICT DO NOTHING;
