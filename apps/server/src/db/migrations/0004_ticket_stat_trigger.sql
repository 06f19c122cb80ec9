-- Custom SQL migration file, put your code below! --
-- The dashboard's counters (table ticket_stat), kept in the writing transaction by a trigger.
CREATE OR REPLACE FUNCTION ticket_stat_rows(t ticket, delta integer)
RETURNS TABLE (dim text, val text, project_id integer, private_ticket boolean, delta integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT x.dim, x.val, t.project_id, t.private_ticket, delta
    FROM (VALUES ('status', t.status),
                 ('priority', t.priority),
                 ('category', coalesce(t.category_id::text, '-')),
                 ('opened', to_char(t.open_date AT TIME ZONE 'UTC', 'YYYY-MM-DD')),
                 ('closed', to_char(t.close_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'))) AS x(dim, val)
   WHERE x.val IS NOT NULL AND t.id IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticket_stat_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One statement, rows in key order: concurrent writers lock counters in the same order.
  INSERT INTO ticket_stat AS s (dim, val, project_id, private_ticket, shard, n)
  SELECT r.dim, r.val, r.project_id, r.private_ticket, (pg_backend_pid() % 8)::smallint, sum(r.delta)::integer
    FROM (SELECT * FROM ticket_stat_rows(OLD, -1) WHERE TG_OP IN ('UPDATE', 'DELETE')
          UNION ALL
          SELECT * FROM ticket_stat_rows(NEW, 1) WHERE TG_OP IN ('INSERT', 'UPDATE')) AS r
   GROUP BY r.dim, r.val, r.project_id, r.private_ticket
  HAVING sum(r.delta) <> 0
   ORDER BY r.dim, r.val, r.project_id, r.private_ticket
  ON CONFLICT (dim, val, project_id, private_ticket, shard) DO UPDATE SET n = s.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ticket_stat_insert AFTER INSERT ON ticket FOR EACH ROW EXECUTE FUNCTION ticket_stat_apply();
--> statement-breakpoint
CREATE TRIGGER ticket_stat_delete AFTER DELETE ON ticket FOR EACH ROW EXECUTE FUNCTION ticket_stat_apply();
--> statement-breakpoint
CREATE TRIGGER ticket_stat_update
  AFTER UPDATE OF status, priority, category_id, project_id, private_ticket, open_date, close_date ON ticket
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.priority IS DISTINCT FROM NEW.priority
        OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.project_id IS DISTINCT FROM NEW.project_id
        OR OLD.private_ticket IS DISTINCT FROM NEW.private_ticket OR OLD.open_date IS DISTINCT FROM NEW.open_date
        OR OLD.close_date IS DISTINCT FROM NEW.close_date)
  EXECUTE FUNCTION ticket_stat_apply();
--> statement-breakpoint
-- Recount from scratch, for bulk loads that ran with the triggers off.
CREATE OR REPLACE FUNCTION ticket_stat_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM ticket_stat;
  INSERT INTO ticket_stat (dim, val, project_id, private_ticket, shard, n)
  SELECT r.dim, r.val, r.project_id, r.private_ticket, 0, count(*)::integer
    FROM ticket t CROSS JOIN LATERAL ticket_stat_rows(t, 1) AS r
   GROUP BY r.dim, r.val, r.project_id, r.private_ticket;
$$;
