CREATE TABLE "invoice_document" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"pages" integer,
	"text_excerpt" text,
	"proposals" jsonb,
	"error" text,
	"duration_ms" integer,
	"extracted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"invoice_number" text,
	"vendor_id" integer,
	"invoice_date" date,
	"due_date" date,
	"currency" text DEFAULT 'USD' NOT NULL,
	"project_id" integer,
	"po_number" text,
	"requisition_id" integer,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"subtotal_amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"description" text,
	"status" text DEFAULT 'Draft' NOT NULL,
	"document_file_id" integer,
	"workflow_instance_id" integer,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" numeric(15, 4) NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"gl_account" text
);
--> statement-breakpoint
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
CREATE TABLE "requisition" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requisition_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"requisition_number" text NOT NULL,
	"title" text NOT NULL,
	"requester_id" integer NOT NULL,
	"project_id" integer,
	"vendor_id" integer,
	"needed_by" date,
	"currency" text NOT NULL,
	"description" text,
	"total_amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"workflow_instance_id" integer
);
--> statement-breakpoint
CREATE TABLE "requisition_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requisition_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"requisition_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" numeric(15, 4) NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"gl_account" text
);
--> statement-breakpoint
CREATE TABLE "vendor" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"vendor_code" text NOT NULL,
	"vendor_name" text NOT NULL,
	"company_id" integer,
	"payment_method" text,
	"payment_term" text,
	"email_address" text,
	"gl_account" text,
	"description" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"remit_to" jsonb,
	"mail_address" jsonb
);
--> statement-breakpoint
ALTER TABLE "invoice_document" ADD CONSTRAINT "invoice_document_invoice_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_vendor_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendor"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_project_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_requisition_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."requisition"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_document_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."stored_file"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_claimed_by_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_invoice_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item" ADD CONSTRAINT "open_item_ticket_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item" ADD CONSTRAINT "open_item_project_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item" ADD CONSTRAINT "open_item_contact_fk" FOREIGN KEY ("point_of_contact") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item" ADD CONSTRAINT "open_item_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item" ADD CONSTRAINT "open_item_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item_related_ticket" ADD CONSTRAINT "open_item_related_ticket_open_item_id_open_item_id_fk" FOREIGN KEY ("open_item_id") REFERENCES "public"."open_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_item_related_ticket" ADD CONSTRAINT "open_item_related_ticket_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition" ADD CONSTRAINT "requisition_requester_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition" ADD CONSTRAINT "requisition_project_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition" ADD CONSTRAINT "requisition_vendor_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendor"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition" ADD CONSTRAINT "requisition_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition" ADD CONSTRAINT "requisition_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_line" ADD CONSTRAINT "requisition_line_requisition_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."requisition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor" ADD CONSTRAINT "vendor_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor" ADD CONSTRAINT "vendor_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor" ADD CONSTRAINT "vendor_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_vendor_number_uq" ON "invoice" USING btree ("vendor_id",lower("invoice_number")) WHERE "invoice"."status" <> 'Cancelled' and "invoice"."invoice_number" is not null;--> statement-breakpoint
CREATE INDEX "invoice_status_idx" ON "invoice" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "invoice_vendor_idx" ON "invoice" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "invoice_project_idx" ON "invoice" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "invoice_number_trgm_idx" ON "invoice" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoice_po_number_trgm_idx" ON "invoice" USING gin ("po_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_line_uq" ON "invoice_line" USING btree ("invoice_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "open_item_ticket_serial_uq" ON "open_item" USING btree ("ticket_id","serial");--> statement-breakpoint
CREATE INDEX "open_item_ticket_sort_idx" ON "open_item" USING btree ("ticket_id","sort_id");--> statement-breakpoint
CREATE INDEX "open_item_contact_idx" ON "open_item" USING btree ("point_of_contact","status");--> statement-breakpoint
CREATE INDEX "open_item_open_date_idx" ON "open_item" USING btree ("open_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "open_item_status_idx" ON "open_item" USING btree ("status","open_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "open_item_related_ticket_idx" ON "open_item_related_ticket" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requisition_number_uq" ON "requisition" USING btree ("requisition_number");--> statement-breakpoint
CREATE INDEX "requisition_status_idx" ON "requisition" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "requisition_requester_idx" ON "requisition" USING btree ("requester_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "requisition_line_uq" ON "requisition_line" USING btree ("requisition_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_code_uq" ON "vendor" USING btree (lower("vendor_code"));--> statement-breakpoint
CREATE INDEX "vendor_name_idx" ON "vendor" USING btree ("vendor_name");--> statement-breakpoint
-- A database made before this version has a menu tree already (the seed fills only an empty one): the new
-- entries join their groups, after their siblings, unless an entry with their path exists.
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "is_hide", "permission_module")
SELECT p."id", '/openItem/info/:id', 'OpenItemInfo', 'openItem/info/index',
       (SELECT coalesce(max(s."sort"), 0) + 10 FROM "menu" s WHERE s."parent_id" = p."id"), 'Open item',
       '{"en":"Open item","zh-cn":"待办事项详情","zh-tw":"待辦事項詳情"}'::jsonb, true, 'openItem'
  FROM "menu" p
 WHERE p."path" = '/ticket' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/openItem/info/:id');--> statement-breakpoint
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "identification", "permission_module")
SELECT p."id", '/invoice/indexing', 'InvoiceIndexing', 'invoice/indexing/index',
       (SELECT coalesce(max(s."sort"), 0) + 10 FROM "menu" s WHERE s."parent_id" = p."id"), 'Indexing',
       '{"en":"Indexing","zh-cn":"发票录入","zh-tw":"發票登錄"}'::jsonb, 'invoice:index', 'invoice'
  FROM "menu" p
 WHERE p."path" = '/finance' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/invoice/indexing');--> statement-breakpoint
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "is_hide", "permission_module")
SELECT p."id", '/invoice/info/:id', 'InvoiceInfo', 'invoice/info/index',
       (SELECT coalesce(max(s."sort"), 0) + 10 FROM "menu" s WHERE s."parent_id" = p."id"), 'Invoice',
       '{"en":"Invoice","zh-cn":"发票详情","zh-tw":"發票詳情"}'::jsonb, true, 'invoice'
  FROM "menu" p
 WHERE p."path" = '/finance' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/invoice/info/:id');--> statement-breakpoint
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "permission_module")
SELECT p."id", '/requisition/list', 'RequisitionList', 'requisition/list/index',
       (SELECT coalesce(max(s."sort"), 0) + 10 FROM "menu" s WHERE s."parent_id" = p."id"), 'Requisitions',
       '{"en":"Requisitions","zh-cn":"采购申请","zh-tw":"請購單"}'::jsonb, 'requisition'
  FROM "menu" p
 WHERE p."path" = '/finance' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/requisition/list');--> statement-breakpoint
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "is_hide", "permission_module")
SELECT p."id", '/requisition/info/:id', 'RequisitionInfo', 'requisition/info/index',
       (SELECT coalesce(max(s."sort"), 0) + 10 FROM "menu" s WHERE s."parent_id" = p."id"), 'Requisition',
       '{"en":"Requisition","zh-cn":"采购申请详情","zh-tw":"請購單詳情"}'::jsonb, true, 'requisition'
  FROM "menu" p
 WHERE p."path" = '/finance' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/requisition/info/:id');
