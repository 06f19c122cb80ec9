CREATE TABLE "sla_policy" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sla_policy_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calendar_id" integer NOT NULL,
	"first_response_minutes" integer NOT NULL,
	"next_update_minutes" integer,
	"resolution_minutes" integer NOT NULL,
	"pause_statuses" text[] DEFAULT '{}' NOT NULL,
	"pause_during_approval" boolean DEFAULT false NOT NULL,
	"warn_before_minutes" integer DEFAULT 0 NOT NULL,
	"escalation" jsonb DEFAULT '{"notifyUserIds":[],"notifyGroupIds":[],"assignToId":null}'::jsonb NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"seed_code" text
);
--> statement-breakpoint
ALTER TABLE "sla_policy" ADD CONSTRAINT "sla_policy_calendar_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."sla_calendar"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policy" ADD CONSTRAINT "sla_policy_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policy" ADD CONSTRAINT "sla_policy_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sla_policy_name_uq" ON "sla_policy" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_policy_seed_code_uq" ON "sla_policy" USING btree ("seed_code");--> statement-breakpoint
CREATE INDEX "sla_policy_calendar_idx" ON "sla_policy" USING btree ("calendar_id");