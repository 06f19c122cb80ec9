import { date, foreignKey, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moneyLineColumns, recordColumns } from '../../platform/columns.js';
import { customValueTable } from '../customField/custom-field.table.js';
import { project } from '../project/project.table.js';
import { appUser, authorKeys } from '../user/user.table.js';
import { vendor } from '../vendor/vendor.table.js';

export const requisition = pgTable(
  'requisition',
  {
    ...recordColumns(),
    requisitionNumber: text('requisition_number').notNull(),
    title: text('title').notNull(),
    requesterId: integer('requester_id').notNull(),
    projectId: integer('project_id'),
    vendorId: integer('vendor_id'),
    neededBy: date('needed_by', { mode: 'string' }),
    currency: text('currency').notNull(),
    description: text('description'),
    totalAmount: numeric('total_amount', { precision: 15, scale: 2 }).notNull().default('0'),
    status: text('status', { enum: ['Draft', 'PendingApproval', 'Approved', 'Rejected', 'Cancelled'] })
      .notNull()
      .default('Draft'),
    /** The latest approval run (workflow module's instance; no key: the workflow module owns that table). */
    workflowInstanceId: integer('workflow_instance_id'),
  },
  (t) => [
    uniqueIndex('requisition_number_uq').on(t.requisitionNumber),
    index('requisition_status_idx').on(t.status, t.id),
    index('requisition_requester_idx').on(t.requesterId, t.id),
    foreignKey({ name: 'requisition_requester_fk', columns: [t.requesterId], foreignColumns: [appUser.id] }).onDelete(
      'restrict',
    ),
    foreignKey({ name: 'requisition_project_fk', columns: [t.projectId], foreignColumns: [project.id] }).onDelete(
      'restrict',
    ),
    foreignKey({ name: 'requisition_vendor_fk', columns: [t.vendorId], foreignColumns: [vendor.id] }).onDelete(
      'restrict',
    ),
    ...authorKeys('requisition', t),
  ],
);

/** A requisition's lines, in order; amount = quantity × unit price, computed by the server. */
export const requisitionLine = pgTable(
  'requisition_line',
  {
    ...moneyLineColumns(),
    requisitionId: integer('requisition_id').notNull(),
  },
  (t) => [
    uniqueIndex('requisition_line_uq').on(t.requisitionId, t.lineNo),
    foreignKey({
      name: 'requisition_line_requisition_fk',
      columns: [t.requisitionId],
      foreignColumns: [requisition.id],
    }).onDelete('cascade'),
  ],
);

/** A requisition's custom field values (contract 21): the shared shape of `customValueTable`. */
export const requisitionCustomValue = customValueTable('requisition', () => requisition.id);
