CREATE TABLE "sign_in_failure" (
	"user_id" integer NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"hold_offs" integer DEFAULT 0 NOT NULL,
	"held_until" timestamp with time zone,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_failure_pk" PRIMARY KEY("user_id","ip")
);
--> statement-breakpoint
CREATE TABLE "scheduled_ticket" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scheduled_ticket_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"subject" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"priority" text NOT NULL,
	"category_id" integer,
	"project_id" integer NOT NULL,
	"company_id" integer,
	"assign_to" integer,
	"ticket_type" text,
	"subject_type" text,
	"customer" text,
	"customer_email" text,
	"telephone" text,
	"first_name" text,
	"last_name" text,
	"emails" text,
	"business_unit" text,
	"private_ticket" boolean DEFAULT false NOT NULL,
	"grant_access" integer[] DEFAULT '{}'::int[] NOT NULL,
	"cron" text,
	"scheduled_date" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_ticket_id" integer,
	"last_result" text,
	"last_message" text,
	"run_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_ticket_run" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scheduled_ticket_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"scheduled_ticket_id" integer NOT NULL,
	"fire_time" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"ticket_id" integer,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "holiday_reminder_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "holiday_reminder_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"holiday_day" date NOT NULL,
	"holiday_name" text NOT NULL,
	"user_id" integer NOT NULL,
	"login_name" text NOT NULL,
	"to_address" text NOT NULL,
	"language" text NOT NULL,
	"email_outbox_id" integer,
	"log_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_run" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"fire_time" timestamp with time zone NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"trigger" text DEFAULT 'Schedule' NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"claimed_by" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "schedule_job" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"job_group" text DEFAULT 'default' NOT NULL,
	"class_name" text NOT NULL,
	"job_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"trigger_type" text DEFAULT 'Cron' NOT NULL,
	"cron" text,
	"interval_second" integer,
	"cycle_run_times" integer DEFAULT 0 NOT NULL,
	"begin_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"is_start" boolean DEFAULT false NOT NULL,
	"remark" text,
	"run_times" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_result" text
);
--> statement-breakpoint
CREATE TABLE "sql_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sql_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"statement" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"rows" integer,
	"request_id" text,
	"log_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_log" RENAME COLUMN "success" TO "result";--> statement-breakpoint
ALTER TABLE "login_log" RENAME COLUMN "reason" TO "message";--> statement-breakpoint
DROP INDEX "login_log_user_idx";--> statement-breakpoint
DROP INDEX "request_log_user_idx";--> statement-breakpoint
ALTER TABLE "sign_in_failure" ADD CONSTRAINT "sign_in_failure_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_project_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_category_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_last_ticket_fk" FOREIGN KEY ("last_ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_assign_to_fk" FOREIGN KEY ("assign_to") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket_run" ADD CONSTRAINT "scheduled_ticket_run_scheduled_ticket_id_scheduled_ticket_id_fk" FOREIGN KEY ("scheduled_ticket_id") REFERENCES "public"."scheduled_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket_run" ADD CONSTRAINT "scheduled_ticket_run_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_reminder_log" ADD CONSTRAINT "holiday_reminder_log_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_run" ADD CONSTRAINT "job_run_job_fk" FOREIGN KEY ("job_id") REFERENCES "public"."schedule_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_ticket_due_idx" ON "scheduled_ticket" USING btree ("next_run_at") WHERE "scheduled_ticket"."enabled";--> statement-breakpoint
CREATE INDEX "scheduled_ticket_project_idx" ON "scheduled_ticket" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "scheduled_ticket_created_by_idx" ON "scheduled_ticket" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_ticket_run_fire_uq" ON "scheduled_ticket_run" USING btree ("scheduled_ticket_id","fire_time");--> statement-breakpoint
CREATE INDEX "scheduled_ticket_run_ticket_idx" ON "scheduled_ticket_run" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_reminder_log_day_user_uq" ON "holiday_reminder_log" USING btree ("holiday_day","user_id");--> statement-breakpoint
CREATE INDEX "holiday_reminder_log_time_idx" ON "holiday_reminder_log" USING btree ("log_time");--> statement-breakpoint
CREATE INDEX "holiday_reminder_log_user_idx" ON "holiday_reminder_log" USING btree ("user_id","log_time");--> statement-breakpoint
CREATE INDEX "holiday_reminder_log_name_idx" ON "holiday_reminder_log" USING btree (lower("login_name"),"log_time");--> statement-breakpoint
CREATE UNIQUE INDEX "job_run_fire_uq" ON "job_run" USING btree ("job_id","fire_time","attempt");--> statement-breakpoint
CREATE INDEX "job_run_job_idx" ON "job_run" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "job_run_running_idx" ON "job_run" USING btree ("job_id","lease_until") WHERE "job_run"."status" = 'Running';--> statement-breakpoint
CREATE INDEX "job_run_fire_time_idx" ON "job_run" USING btree ("fire_time");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_job_name_uq" ON "schedule_job" USING btree ("name");--> statement-breakpoint
CREATE INDEX "schedule_job_due_idx" ON "schedule_job" USING btree ("next_run_at") WHERE "schedule_job"."is_start";--> statement-breakpoint
CREATE INDEX "sql_log_time_idx" ON "sql_log" USING btree ("log_time");--> statement-breakpoint
CREATE INDEX "sql_log_request_idx" ON "sql_log" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "login_log_name_idx" ON "login_log" USING btree (lower("login_name"),"log_time");--> statement-breakpoint
CREATE INDEX "login_log_ip_idx" ON "login_log" USING btree ("ip","log_time");--> statement-breakpoint
CREATE INDEX "request_log_name_idx" ON "request_log" USING btree (lower("login_name"),"log_time");--> statement-breakpoint
CREATE INDEX "system_log_level_idx" ON "system_log" USING btree ("level","log_time");--> statement-breakpoint
CREATE INDEX "login_log_user_idx" ON "login_log" USING btree ("user_id","log_time");--> statement-breakpoint
CREATE INDEX "request_log_user_idx" ON "request_log" USING btree ("user_id","log_time");--> statement-breakpoint
-- Issue 17 (helper sec): login_log.success/reason were renamed to result/message (contract section 12);
-- the rows written before keep their meaning under the new names.
UPDATE "login_log"
   SET "result" = CASE WHEN "result" = 'Success' THEN 'Succeeded'
                       WHEN "message" LIKE 'locked%' THEN 'Locked'
                       ELSE 'Failed' END
 WHERE "result" IN ('Success', 'Failure');
--> statement-breakpoint
-- A database made before this version has a menu tree already (the seed fills only an empty one): the two new
-- log screens join its Logs group unless an entry with their path exists. A new database gets them from the seed.
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "permission_module")
SELECT p."id", v.path, v.name, v.component, v.sort, v.title, v.titles::jsonb, 'log'
  FROM "menu" p
 CROSS JOIN (VALUES
   ('/log/sql', 'SqlLog', 'log/sql/index', 25, 'SQL log', '{"en":"SQL log","zh-cn":"SQL 日志","zh-tw":"SQL 日誌"}'),
   ('/log/holidayReminder', 'HolidayReminderLog', 'log/holidayReminder/index', 40, 'Holiday reminder log',
    '{"en":"Holiday reminder log","zh-cn":"假期提醒日志","zh-tw":"假期提醒日誌"}')
 ) AS v(path, name, component, sort, title, titles)
 WHERE p."path" = '/log' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = v.path);
