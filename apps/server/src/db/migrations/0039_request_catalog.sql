CREATE TABLE "request_fulfilment" (
	"ticket_id" integer NOT NULL,
	"item_index" integer NOT NULL,
	"open_item_id" integer,
	CONSTRAINT "request_fulfilment_ticket_id_item_index_pk" PRIMARY KEY("ticket_id","item_index")
);
--> statement-breakpoint
CREATE TABLE "request_type" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"icon" text DEFAULT 'question' NOT NULL,
	"category_id" integer NOT NULL,
	"project_ids" integer[] DEFAULT '{}' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"workflow_code" text,
	"fulfilment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"seed_code" text
);
--> statement-breakpoint
ALTER TABLE "open_item" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "request_type_id" integer;--> statement-breakpoint
ALTER TABLE "request_fulfilment" ADD CONSTRAINT "request_fulfilment_ticket_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_fulfilment" ADD CONSTRAINT "request_fulfilment_open_item_fk" FOREIGN KEY ("open_item_id") REFERENCES "public"."open_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_type" ADD CONSTRAINT "request_type_category_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_type" ADD CONSTRAINT "request_type_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_type" ADD CONSTRAINT "request_type_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_type_sort_idx" ON "request_type" USING btree ("sort");--> statement-breakpoint
CREATE UNIQUE INDEX "request_type_seed_code_uq" ON "request_type" USING btree ("seed_code");--> statement-breakpoint
ALTER TABLE "open_item" ADD CONSTRAINT "open_item_group_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_group"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_request_type_fk" FOREIGN KEY ("request_type_id") REFERENCES "public"."request_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_request_type_idx" ON "ticket" USING btree ("request_type_id") WHERE "ticket"."request_type_id" is not null;--> statement-breakpoint
-- A database made before the request catalog: Master data gets the Request types screen just after Custom fields,
-- and Tickets the catalog (after New ticket) with its hidden request page, as the seed places them on a new
-- database; an entry whose path exists is left alone. The administrators' role holds every permission (the seed
-- resyncs it), so no grant is written here.
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "permission_module")
SELECT p."id", '/requestType/list', 'RequestTypeList', 'requestType/list/index',
       coalesce((SELECT c."sort" FROM "menu" c WHERE c."parent_id" = p."id" AND c."path" = '/customField/list'),
                (SELECT max(c."sort") FROM "menu" c WHERE c."parent_id" = p."id"), 0) + 2, 'Request types',
       '{"en":"Request types","zh-cn":"请求类型","zh-tw":"請求類型"}'::jsonb, 'requestType'
  FROM "menu" p
 WHERE p."path" = '/master' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/requestType/list');
--> statement-breakpoint
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "permission_module",
                    "identification")
SELECT p."id", '/catalog', 'Catalog', 'catalog/index',
       coalesce((SELECT c."sort" FROM "menu" c WHERE c."parent_id" = p."id" AND c."path" = '/ticket/create'),
                (SELECT max(c."sort") FROM "menu" c WHERE c."parent_id" = p."id"), 0) + 2, 'Request catalog',
       '{"en":"Request catalog","zh-cn":"服务目录","zh-tw":"服務目錄"}'::jsonb, 'ticket', 'ticket:create'
  FROM "menu" p
 WHERE p."path" = '/ticket' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/catalog');
--> statement-breakpoint
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "permission_module",
                    "is_hide")
SELECT p."id", '/catalog/request/:id', 'CatalogRequest', 'catalog/request/index',
       coalesce((SELECT c."sort" FROM "menu" c WHERE c."parent_id" = p."id" AND c."path" = '/catalog'),
                (SELECT max(c."sort") FROM "menu" c WHERE c."parent_id" = p."id"), 0) + 1, 'My request',
       '{"en":"My request","zh-cn":"我的请求","zh-tw":"我的請求"}'::jsonb, 'ticket', true
  FROM "menu" p
 WHERE p."path" = '/ticket' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/catalog/request/:id');
