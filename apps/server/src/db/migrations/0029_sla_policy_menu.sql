-- A database made before service levels got the group, its calendars (0021) and its report (0024) by migration, but
-- not its policies (a new database gets them from the seed): they go first into the group, unless an entry with
-- their path exists.
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "permission_module")
SELECT p."id", '/sla/policy', 'SlaPolicyList', 'sla/policy/index',
       coalesce((SELECT min(c."sort") FROM "menu" c WHERE c."parent_id" = p."id"), 10) - 5, 'Policies',
       '{"en":"Policies","zh-cn":"策略","zh-tw":"政策"}'::jsonb, 'slaPolicy'
  FROM "menu" p
 WHERE p."path" = '/sla' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/sla/policy');
