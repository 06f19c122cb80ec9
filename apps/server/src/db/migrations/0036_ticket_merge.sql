CREATE TABLE "ticket_merge" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_merge_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merged_by" integer,
	"comment_ids" integer[] NOT NULL,
	"file_ids" integer[] NOT NULL,
	"email_ids" integer[] NOT NULL,
	"child_ids" integer[] NOT NULL,
	"previous" jsonb NOT NULL,
	"merged_row_version" integer NOT NULL,
	"ended_hold_id" bigint,
	"unmerged_at" timestamp with time zone,
	"unmerged_by" integer
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_merge" ADD CONSTRAINT "ticket_merge_source_id_ticket_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_merge" ADD CONSTRAINT "ticket_merge_target_id_ticket_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_merge" ADD CONSTRAINT "ticket_merge_merged_by_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_merge" ADD CONSTRAINT "ticket_merge_unmerged_by_fk" FOREIGN KEY ("unmerged_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_merge_source_idx" ON "ticket_merge" USING btree ("source_id","id");--> statement-breakpoint
CREATE INDEX "ticket_merge_target_idx" ON "ticket_merge" USING btree ("target_id","id");--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_merged_into_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."ticket"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_merged_into_idx" ON "ticket" USING btree ("merged_into_id") WHERE "ticket"."merged_into_id" is not null;