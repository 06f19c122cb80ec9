CREATE TABLE "ticket_presence" (
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"editing" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_presence_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "ticket_presence" ADD CONSTRAINT "ticket_presence_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_presence" ADD CONSTRAINT "ticket_presence_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_presence_user_idx" ON "ticket_presence" USING btree ("user_id");--> statement-breakpoint
-- Live rows (contract section 20): every committed insert or change of a ticket, by whatever path, is announced
-- on the channel ticket_changed as "id:rowVersion" (NOTIFY is delivered at commit, to every listening process).
-- The service-level check moving only its own bookkeeping (sla_next_check_at, no new rowVersion) is not a change
-- anyone sees.
CREATE OR REPLACE FUNCTION ticket_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ticket_changed', NEW.id::text || ':' || NEW.row_version::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ticket_changed_insert AFTER INSERT ON ticket FOR EACH ROW EXECUTE FUNCTION ticket_changed_notify();
--> statement-breakpoint
CREATE TRIGGER ticket_changed_update AFTER UPDATE ON ticket FOR EACH ROW
  WHEN (OLD.row_version IS DISTINCT FROM NEW.row_version
        OR OLD.sla_next_check_at IS NOT DISTINCT FROM NEW.sla_next_check_at)
  EXECUTE FUNCTION ticket_changed_notify();
