CREATE TABLE "trigger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trigger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event" text NOT NULL,
	"cron" text,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"order" integer DEFAULT 100 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trigger_run" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trigger_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trigger_id" integer NOT NULL,
	"ticket_id" integer,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"message_key" text,
	"message_values" jsonb,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trigger" ADD CONSTRAINT "trigger_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger" ADD CONSTRAINT "trigger_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_name_uq" ON "trigger" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "trigger_event_idx" ON "trigger" USING btree ("event","status","order");--> statement-breakpoint
CREATE INDEX "trigger_run_created_idx" ON "trigger_run" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trigger_run_trigger_idx" ON "trigger_run" USING btree ("trigger_id","created_at");--> statement-breakpoint
CREATE INDEX "trigger_run_ticket_idx" ON "trigger_run" USING btree ("ticket_id","created_at");