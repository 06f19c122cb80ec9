CREATE TABLE "custom_field" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_field_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"key" text NOT NULL,
	"applies_to" text DEFAULT 'Ticket' NOT NULL,
	"type" text NOT NULL,
	"label" jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"validation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"category_ids" integer[] DEFAULT '{}' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_custom_value" (
	"ticket_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"text_value" text,
	"number_value" numeric
);
--> statement-breakpoint
ALTER TABLE "custom_field" ADD CONSTRAINT "custom_field_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field" ADD CONSTRAINT "custom_field_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_custom_value" ADD CONSTRAINT "ticket_custom_value_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_custom_value" ADD CONSTRAINT "ticket_custom_value_field_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_field"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_key_uq" ON "custom_field" USING btree ("applies_to","key");--> statement-breakpoint
CREATE INDEX "custom_field_applies_to_idx" ON "custom_field" USING btree ("applies_to","sort");--> statement-breakpoint
CREATE INDEX "ticket_custom_value_ticket_idx" ON "ticket_custom_value" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_custom_value_text_idx" ON "ticket_custom_value" USING btree ("field_id","text_value","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_custom_value_number_idx" ON "ticket_custom_value" USING btree ("field_id","number_value","ticket_id");--> statement-breakpoint
-- A database made before custom fields: the Master data group gets the Custom fields screen (a new database gets it
-- from the seed), unless an entry with its path exists; it goes just after Categories, as in the seed. The
-- administrators' role holds every permission (the seed resyncs it), so no grant is written here.
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "permission_module")
SELECT p."id", '/customField/list', 'CustomFieldList', 'customField/list/index',
       coalesce((SELECT c."sort" FROM "menu" c WHERE c."parent_id" = p."id" AND c."path" = '/category/list'),
                (SELECT max(c."sort") FROM "menu" c WHERE c."parent_id" = p."id"), 0) + 5, 'Custom fields',
       '{"en":"Custom fields","zh-cn":"自定义字段","zh-tw":"自訂欄位"}'::jsonb, 'customField'
  FROM "menu" p
 WHERE p."path" = '/master' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/customField/list');
