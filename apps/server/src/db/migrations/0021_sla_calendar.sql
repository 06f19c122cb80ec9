CREATE TABLE "sla_calendar" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sla_calendar_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"working_hours" jsonb NOT NULL,
	"extra_holidays" date[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"seed_code" text
);
--> statement-breakpoint
ALTER TABLE "sla_calendar" ADD CONSTRAINT "sla_calendar_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_calendar" ADD CONSTRAINT "sla_calendar_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sla_calendar_name_uq" ON "sla_calendar" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_calendar_seed_code_uq" ON "sla_calendar" USING btree ("seed_code");--> statement-breakpoint
-- A database made before this version has a menu tree already (the seed fills only an empty one): the group goes
-- before System and the calendars into it, unless entries with their paths exist. A new database gets them from the seed.
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "icon")
SELECT NULL, '/sla', 'ServiceLevel', '',
       coalesce((SELECT s."sort" - 5 FROM "menu" s WHERE s."path" = '/system' AND s."parent_id" IS NULL),
                (SELECT coalesce(max(s."sort"), 0) + 10 FROM "menu" s WHERE s."parent_id" IS NULL)),
       'Service levels', '{"en":"Service levels","zh-cn":"服务级别","zh-tw":"服務級別"}'::jsonb, 'ClockCircleOutlined'
 WHERE EXISTS (SELECT 1 FROM "menu")
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/sla');--> statement-breakpoint
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "permission_module")
SELECT p."id", '/sla/calendar', 'SlaCalendarList', 'sla/calendar/index', 10, 'Calendars',
       '{"en":"Calendars","zh-cn":"日历","zh-tw":"行事曆"}'::jsonb, 'slaCalendar'
  FROM "menu" p
 WHERE p."path" = '/sla' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/sla/calendar');
