-- The planner's estimate of a service-level filter: whether a clock runs and is paused goes with the ticket's
-- status (a final status stops the clock), which it would otherwise take as independent and underestimate a
-- hundredfold, choosing to sort every visible open ticket instead of reading a page in due order.
CREATE STATISTICS IF NOT EXISTS "ticket_sla_state_stats" (mcv, dependencies)
  ON ("sla_resolved_at" IS NULL), ("sla_paused_since" IS NOT NULL), "status" FROM "ticket";--> statement-breakpoint
ANALYZE "ticket";
