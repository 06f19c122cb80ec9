CREATE TABLE "ticket_tag" (
	"ticket_id" integer NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "ticket_tag_ticket_id_tag_pk" PRIMARY KEY("ticket_id","tag")
);
--> statement-breakpoint
ALTER TABLE "ticket_tag" ADD CONSTRAINT "ticket_tag_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_tag_tag_idx" ON "ticket_tag" USING btree ("tag","ticket_id");