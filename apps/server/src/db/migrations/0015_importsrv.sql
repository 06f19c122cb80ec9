CREATE TABLE "import_definition" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_definition_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"import_name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"table_model" text NOT NULL,
	"import_type" text NOT NULL,
	"source" text,
	"have_header" boolean DEFAULT true NOT NULL,
	"header_row" integer DEFAULT 1 NOT NULL,
	"sheet_name" text,
	"encoding" text DEFAULT 'auto' NOT NULL,
	"batch_size" integer DEFAULT 500 NOT NULL,
	"operation_type" text DEFAULT 'Insert' NOT NULL,
	"match_conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mappings" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_run" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"total" integer,
	"processed" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error_file_id" integer,
	"message" text,
	"started_by" integer,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_run_refusal" (
	"run_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"reason" jsonb NOT NULL,
	CONSTRAINT "import_run_refusal_pk" PRIMARY KEY("run_id","row_no")
);
--> statement-breakpoint
ALTER TABLE "import_definition" ADD CONSTRAINT "import_definition_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_definition" ADD CONSTRAINT "import_definition_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_run" ADD CONSTRAINT "import_run_import_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_definition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_run_refusal" ADD CONSTRAINT "import_run_refusal_run_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_definition_name_uq" ON "import_definition" USING btree (lower("import_name"));--> statement-breakpoint
CREATE INDEX "import_run_import_idx" ON "import_run" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "import_run_queue_idx" ON "import_run" USING btree ("status","lease_until");