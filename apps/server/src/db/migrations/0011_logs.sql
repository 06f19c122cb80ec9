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
CREATE TABLE "sql_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sql_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"statement" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"rows" integer,
	"request_id" text,
	"log_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "login_log_user_idx";--> statement-breakpoint
DROP INDEX "request_log_user_idx";--> statement-breakpoint
ALTER TABLE "holiday_reminder_log" ADD CONSTRAINT "holiday_reminder_log_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_reminder_log_day_user_uq" ON "holiday_reminder_log" USING btree ("holiday_day","user_id");--> statement-breakpoint
CREATE INDEX "holiday_reminder_log_time_idx" ON "holiday_reminder_log" USING btree ("log_time");--> statement-breakpoint
CREATE INDEX "holiday_reminder_log_user_idx" ON "holiday_reminder_log" USING btree ("user_id","log_time");--> statement-breakpoint
CREATE INDEX "holiday_reminder_log_name_idx" ON "holiday_reminder_log" USING btree (lower("login_name"),"log_time");--> statement-breakpoint
CREATE INDEX "sql_log_time_idx" ON "sql_log" USING btree ("log_time");--> statement-breakpoint
CREATE INDEX "sql_log_request_idx" ON "sql_log" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "login_log_name_idx" ON "login_log" USING btree (lower("login_name"),"log_time");--> statement-breakpoint
CREATE INDEX "login_log_ip_idx" ON "login_log" USING btree ("ip","log_time");--> statement-breakpoint
CREATE INDEX "request_log_name_idx" ON "request_log" USING btree (lower("login_name"),"log_time");--> statement-breakpoint
CREATE INDEX "system_log_level_idx" ON "system_log" USING btree ("level","log_time");--> statement-breakpoint
CREATE INDEX "login_log_user_idx" ON "login_log" USING btree ("user_id","log_time");--> statement-breakpoint
CREATE INDEX "request_log_user_idx" ON "request_log" USING btree ("user_id","log_time");