CREATE TABLE "ticket_sla_hold" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_sla_hold_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"held_by" text NOT NULL,
	"paused" boolean NOT NULL,
	"status" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"working_minutes" integer
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_policy_id" integer;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_first_response_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_resolution_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_paused_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_paused_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_held_by" text DEFAULT 'agent' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_approval_running" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "sla_next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_sla_hold" ADD CONSTRAINT "ticket_sla_hold_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_sla_hold_ticket_idx" ON "ticket_sla_hold" USING btree ("ticket_id","id");--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_sla_policy_fk" FOREIGN KEY ("sla_policy_id") REFERENCES "public"."sla_policy"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_sla_next_check_idx" ON "ticket" USING btree ("sla_next_check_at") WHERE "ticket"."sla_next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "ticket_sla_policy_idx" ON "ticket" USING btree ("sla_policy_id") WHERE "ticket"."sla_policy_id" is not null;