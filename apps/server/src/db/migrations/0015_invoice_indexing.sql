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
ALTER TABLE "invoice_document" ADD CONSTRAINT "invoice_document_invoice_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;