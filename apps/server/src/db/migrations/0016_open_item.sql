CREATE TABLE "open_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"ticket_id" integer NOT NULL,
	"serial" integer NOT NULL,
	"sort_id" integer NOT NULL,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"project_id" integer,
	"task_category" text,
	"status" text DEFAULT 'Open' NOT NULL,
	"open_date" date NOT NULL,
	"close_date" timestamp with time zone,
	"loe" numeric(9, 2),
	"approved_date" date,
	"point_of_contact" integer,
	"description" text NOT NULL,
	"comment" text,
	"attachments" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_item_related_ticket" (
	"open_item_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	CONSTRAINT "open_item_related_ticket_open_item_id_ticket_id_pk" PRIMARY KEY("open_item_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "open_item" ADD CONSTRAINT "open_item_ticket_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item" ADD CONSTRAINT "open_item_project_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item" ADD CONSTRAINT "open_item_contact_fk" FOREIGN KEY ("point_of_contact") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item" ADD CONSTRAINT "open_item_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item" ADD CONSTRAINT "open_item_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item_related_ticket" ADD CONSTRAINT "open_item_related_ticket_open_item_id_open_item_id_fk" FOREIGN KEY ("open_item_id") REFERENCES "public"."open_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item_related_ticket" ADD CONSTRAINT "open_item_related_ticket_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "open_item_ticket_serial_uq" ON "open_item" USING btree ("ticket_id","serial");--> statement-breakpoint
CREATE INDEX "open_item_ticket_sort_idx" ON "open_item" USING btree ("ticket_id","sort_id");--> statement-breakpoint
CREATE INDEX "open_item_contact_idx" ON "open_item" USING btree ("point_of_contact","status");--> statement-breakpoint
CREATE INDEX "open_item_status_idx" ON "open_item" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "open_item_related_ticket_idx" ON "open_item_related_ticket" USING btree ("ticket_id");