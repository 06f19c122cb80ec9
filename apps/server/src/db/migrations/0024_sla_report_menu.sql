-- A database made before this version has a menu tree already (the seed fills only an empty one): the report goes
-- last into Service levels, unless an entry with its path exists. A new database gets it from the seed.
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "permission_module", "identification")
SELECT p."id", '/sla/report', 'SlaReport', 'sla/report/index',
       coalesce((SELECT max(c."sort") FROM "menu" c WHERE c."parent_id" = p."id"), 0) + 10, 'Report',
       '{"en":"Report","zh-cn":"报表","zh-tw":"報表"}'::jsonb, 'ticket', 'ticket:view'
  FROM "menu" p
 WHERE p."path" = '/sla' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/sla/report');
