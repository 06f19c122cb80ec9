CREATE SEQUENCE "public"."ticket_case_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "delegate" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delegate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"delegate_by" integer NOT NULL,
	"delegate_to" integer NOT NULL,
	"delegate_date" date DEFAULT now() NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"delegate_type" text DEFAULT 'Ticket' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delegate_project" (
	"delegate_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "delegate_project_delegate_id_project_id_pk" PRIMARY KEY("delegate_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_file_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"path" text NOT NULL,
	"thumb_path" text,
	"name" text NOT NULL,
	"ext" text NOT NULL,
	"size" bigint NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"file_url" text NOT NULL,
	"file_type" text NOT NULL,
	"sha256" text NOT NULL,
	"owner_entity" text,
	"owner_id" integer
);
--> statement-breakpoint
CREATE TABLE "ticket" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"case_number" text NOT NULL,
	"subject" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"category_id" integer,
	"project_id" integer NOT NULL,
	"company_id" integer,
	"assign_to" integer,
	"delegate_to" integer,
	"ticket_type" text,
	"ticket_from" text NOT NULL,
	"subject_type" text,
	"open_date" timestamp with time zone DEFAULT now() NOT NULL,
	"close_date" timestamp with time zone,
	"due_date" timestamp with time zone,
	"opened_by" integer,
	"solved_by" integer,
	"customer" text,
	"customer_email" text,
	"telephone" text,
	"first_name" text,
	"last_name" text,
	"emails" text,
	"business_unit" text,
	"parent_ticket" integer,
	"private_ticket" boolean DEFAULT false NOT NULL,
	"grant_access" integer[] DEFAULT '{}'::int[] NOT NULL,
	"attachments" integer[] DEFAULT '{}'::int[] NOT NULL,
	"scheduled_date" timestamp with time zone,
	"search_doc" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"search_comments" "tsvector" DEFAULT ''::tsvector NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_comment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_comment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"ticket_id" integer NOT NULL,
	"comment" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"kind" text NOT NULL,
	"changes" jsonb,
	"comment_id" integer,
	"public" boolean
);
--> statement-breakpoint
CREATE TABLE "ticket_stat" (
	"dim" text NOT NULL,
	"val" text NOT NULL,
	"project_id" integer NOT NULL,
	"private_ticket" boolean NOT NULL,
	"shard" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "ticket_stat_dim_val_project_id_private_ticket_shard_pk" PRIMARY KEY("dim","val","project_id","private_ticket","shard")
);
--> statement-breakpoint
ALTER TABLE "delegate_project" ADD CONSTRAINT "delegate_project_delegate_id_delegate_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."delegate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comment" ADD CONSTRAINT "ticket_comment_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_history" ADD CONSTRAINT "ticket_history_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegate_by_idx" ON "delegate" USING btree ("delegate_by","start_date");--> statement-breakpoint
CREATE INDEX "delegate_to_idx" ON "delegate" USING btree ("delegate_to");--> statement-breakpoint
CREATE INDEX "delegate_project_project_idx" ON "delegate_project" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "stored_file_owner_idx" ON "stored_file" USING btree ("owner_entity","owner_id");--> statement-breakpoint
CREATE INDEX "stored_file_created_by_idx" ON "stored_file" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_case_number_uq" ON "ticket" USING btree ("case_number");--> statement-breakpoint
CREATE INDEX "ticket_project_idx" ON "ticket" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "ticket_status_idx" ON "ticket" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "ticket_category_idx" ON "ticket" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "ticket_company_idx" ON "ticket" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "ticket_assign_to_idx" ON "ticket" USING btree ("assign_to","status");--> statement-breakpoint
CREATE INDEX "ticket_delegate_to_idx" ON "ticket" USING btree ("delegate_to","status");--> statement-breakpoint
CREATE INDEX "ticket_created_by_idx" ON "ticket" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "ticket_open_date_idx" ON "ticket" USING btree ("open_date","id");--> statement-breakpoint
CREATE INDEX "ticket_modified_at_idx" ON "ticket" USING btree ("modified_at");--> statement-breakpoint
CREATE INDEX "ticket_parent_idx" ON "ticket" USING btree ("parent_ticket");--> statement-breakpoint
CREATE INDEX "ticket_grant_access_idx" ON "ticket" USING gin ("grant_access");--> statement-breakpoint
CREATE INDEX "ticket_unassigned_idx" ON "ticket" USING btree ("project_id","id") WHERE "ticket"."assign_to" is null and "ticket"."status" in ('New', 'Assigned', 'InProgress', 'Pending');--> statement-breakpoint
CREATE INDEX "ticket_overdue_idx" ON "ticket" USING btree ("due_date","project_id") WHERE "ticket"."status" in ('New', 'Assigned', 'InProgress', 'Pending');--> statement-breakpoint
CREATE INDEX "ticket_case_number_trgm_idx" ON "ticket" USING gin ("case_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_search_idx" ON "ticket" USING gin (("search_doc" || "search_comments"));--> statement-breakpoint
CREATE INDEX "ticket_comment_ticket_idx" ON "ticket_comment" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "ticket_history_ticket_idx" ON "ticket_history" USING btree ("ticket_id","id");--> statement-breakpoint
ALTER TABLE "project_company" ADD CONSTRAINT "project_company_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_company" ADD CONSTRAINT "project_company_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_project" ADD CONSTRAINT "category_project_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_project" ADD CONSTRAINT "category_project_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;