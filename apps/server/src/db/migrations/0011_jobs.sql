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
ALTER TABLE "job_run" ADD CONSTRAINT "job_run_job_fk" FOREIGN KEY ("job_id") REFERENCES "public"."schedule_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_run_fire_uq" ON "job_run" USING btree ("job_id","fire_time","attempt");--> statement-breakpoint
CREATE INDEX "job_run_job_idx" ON "job_run" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "job_run_running_idx" ON "job_run" USING btree ("job_id","lease_until") WHERE "job_run"."status" = 'Running';--> statement-breakpoint
CREATE INDEX "job_run_fire_time_idx" ON "job_run" USING btree ("fire_time");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_job_name_uq" ON "schedule_job" USING btree ("name");--> statement-breakpoint
CREATE INDEX "schedule_job_due_idx" ON "schedule_job" USING btree ("next_run_at") WHERE "schedule_job"."is_start";