import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { getTableName } from 'drizzle-orm';
import {
  slaPolicyCreateSchema,
  slaPolicyQuerySchema,
  slaPolicySchema,
  slaPolicyUpdateSchema,
  type SlaPolicy,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { displayNameSql, userNameSql } from '../../platform/user-directory.js';
import { checkSlaPolicy } from './sla-policy.service.js';
import { slaPolicy } from './sla-policy.table.js';

/** `"sla_policy"."column"`: the subqueries below must not bind a same-named column of their own tables. */
const own = (column: PgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** The records a condition's ids stand for, `code · name` as the pickers show them; a gone record drops out. */
const conditionNames: SQL<SlaPolicy['conditionNames']> = sql`(select coalesce(jsonb_agg(jsonb_build_object(
    'field', named.field, 'id', named.id, 'name', named.name) order by named.field, named.id), '[]'::jsonb)
  from (select held.field, held.id, case held.field
      when 'projectId' then (select p.project_code || ' · ' || p.project_name from project p where p.id = held.id)
      when 'categoryId' then (select c.category_code || ' · ' || c.category_description from category c
        where c.id = held.id)
      else (select co.code || ' · ' || co.name from company co where co.id = held.id) end as name
    from (select distinct cond->>'field' as field, (item #>> '{}')::int as id
      from jsonb_array_elements(${own(slaPolicy.conditions)}) cond
      cross join lateral jsonb_array_elements(case jsonb_typeof(cond->'value') when 'array' then cond->'value'
        else jsonb_build_array(cond->'value') end) item
      where cond->>'field' in ('projectId', 'categoryId', 'companyId') and jsonb_typeof(item) = 'number') held
  ) named where named.name is not null)`;

/** The escalation's users and groups by name, in the order they were chosen. */
const notifyUsers: SQL<SlaPolicy['notifyUsers']> = sql`(select coalesce(jsonb_agg(jsonb_build_object(
    'id', u.id, 'name', ${displayNameSql(sql`u.full_name`, sql`u.login_name`)}) order by chosen.ord), '[]'::jsonb)
  from jsonb_array_elements_text(${own(slaPolicy.escalation)}->'notifyUserIds') with ordinality chosen(id, ord)
  join app_user u on u.id = chosen.id::int)`;
const notifyGroups: SQL<SlaPolicy['notifyGroups']> = sql`(select coalesce(jsonb_agg(jsonb_build_object(
    'id', g.id, 'name', g.name) order by chosen.ord), '[]'::jsonb)
  from jsonb_array_elements_text(${own(slaPolicy.escalation)}->'notifyGroupIds') with ordinality chosen(id, ord)
  join user_group g on g.id = chosen.id::int)`;

export const slaPolicyColumns = {
  ...getTableColumns(slaPolicy),
  calendarName: sql<string | null>`(select c.name from sla_calendar c where c.id = ${own(slaPolicy.calendarId)})`,
  calendarSeedCode: sql<
    string | null
  >`(select c.seed_code from sla_calendar c where c.id = ${own(slaPolicy.calendarId)})`,
  conditionNames,
  notifyUsers,
  notifyGroups,
  assignToName: userNameSql(sql`(${own(slaPolicy.escalation)}->>'assignToId')::int`),
};

const schemas = {
  record: slaPolicySchema,
  create: slaPolicyCreateSchema,
  update: slaPolicyUpdateSchema,
  query: slaPolicyQuerySchema,
};
type SlaPolicyRow = typeof slaPolicy.$inferSelect & Omit<SlaPolicy, keyof typeof slaPolicy.$inferSelect>;

/** Which targets a ticket gets: the first active policy by priority whose conditions hold (`policyFor`). */
export const slaPolicyResource = defineResource<typeof slaPolicy, typeof schemas, SlaPolicyRow>({
  name: 'SlaPolicy',
  module: 'slaPolicy',
  label: 'slaPolicy',
  table: slaPolicy,
  schemas,
  columns: slaPolicyColumns,
  keywordColumns: [slaPolicy.name],
  sortable: {
    priority: slaPolicy.priority,
    name: slaPolicy.name,
    status: slaPolicy.status,
    modifiedAt: slaPolicy.modifiedAt,
  },
  defaultOrder: [
    { field: 'priority', desc: false },
    { field: 'name', desc: false },
  ],
  check: (tx, input, id, actor) => checkSlaPolicy(tx, input, id, actor),
  exportColumns: [
    { field: 'priority', width: 8 },
    { field: 'name', seeded: { kind: 'slaPolicy', code: 'seedCode' }, width: 30 },
    {
      field: 'calendarName',
      label: 'slaCalendar',
      seeded: { kind: 'slaCalendar', code: 'calendarSeedCode' },
      width: 30,
    },
    { field: 'firstResponseMinutes', width: 12 },
    { field: 'nextUpdateMinutes', width: 12 },
    { field: 'resolutionMinutes', width: 12 },
    { field: 'warnBeforeMinutes', width: 12 },
    { field: 'status', values: 'activeStatus', width: 10 },
    { field: 'modifiedAt' },
  ],
});
