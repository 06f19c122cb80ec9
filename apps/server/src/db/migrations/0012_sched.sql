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
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_project_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_category_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_last_ticket_fk" FOREIGN KEY ("last_ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_assign_to_fk" FOREIGN KEY ("assign_to") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket" ADD CONSTRAINT "scheduled_ticket_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket_run" ADD CONSTRAINT "scheduled_ticket_run_scheduled_ticket_id_scheduled_ticket_id_fk" FOREIGN KEY ("scheduled_ticket_id") REFERENCES "public"."scheduled_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_ticket_run" ADD CONSTRAINT "scheduled_ticket_run_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_ticket_due_idx" ON "scheduled_ticket" USING btree ("next_run_at") WHERE "scheduled_ticket"."enabled";--> statement-breakpoint
CREATE INDEX "scheduled_ticket_project_idx" ON "scheduled_ticket" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "scheduled_ticket_created_by_idx" ON "scheduled_ticket" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_ticket_run_fire_uq" ON "scheduled_ticket_run" USING btree ("scheduled_ticket_id","fire_time");--> statement-breakpoint
CREATE INDEX "scheduled_ticket_run_ticket_idx" ON "scheduled_ticket_run" USING btree ("ticket_id");