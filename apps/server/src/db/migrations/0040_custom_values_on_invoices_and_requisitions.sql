CREATE TABLE "invoice_custom_value" (
	"invoice_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"text_value" text,
	"number_value" numeric
);
--> statement-breakpoint
CREATE TABLE "requisition_custom_value" (
	"requisition_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"text_value" text,
	"number_value" numeric
);
--> statement-breakpoint
ALTER TABLE "invoice_custom_value" ADD CONSTRAINT "invoice_custom_value_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_custom_value" ADD CONSTRAINT "invoice_custom_value_field_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_field"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_custom_value" ADD CONSTRAINT "requisition_custom_value_requisition_id_requisition_id_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."requisition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_custom_value" ADD CONSTRAINT "requisition_custom_value_field_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_field"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_custom_value_invoice_idx" ON "invoice_custom_value" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_custom_value_text_idx" ON "invoice_custom_value" USING btree ("field_id","text_value","invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_custom_value_number_idx" ON "invoice_custom_value" USING btree ("field_id","number_value","invoice_id");--> statement-breakpoint
CREATE INDEX "requisition_custom_value_requisition_idx" ON "requisition_custom_value" USING btree ("requisition_id");--> statement-breakpoint
CREATE INDEX "requisition_custom_value_text_idx" ON "requisition_custom_value" USING btree ("field_id","text_value","requisition_id");--> statement-breakpoint
CREATE INDEX "requisition_custom_value_number_idx" ON "requisition_custom_value" USING btree ("field_id","number_value","requisition_id");