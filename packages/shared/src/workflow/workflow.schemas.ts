import { z } from 'zod';
import { auditFieldsSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { conditionSchema, flowNodeSchema, workflowStatusSchema, workflowTypeSchema } from './workflow-graph.schemas.js';

/**
 * Contract section 14: approval workflows. A definition (`Workflow`) holds the graph the designer draws
 * (`flowChart`, a block-structured node tree); `Publish` freezes it as a new immutable version; an instance
 * runs on the version it started with. Tasks are the work of one person on one node; every action appends to
 * the instance's action log.
 */
// By role: texts, the graph and record fields, instances and tasks; definitions and the registry here.
export * from './workflow-messages.js';
export * from './workflow-graph.schemas.js';
export * from './workflow-instance.schemas.js';

// ---- definitions ----

const workflowFields = z.object({
  name: z.string().trim().min(1).max(100),
  code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9_.-]+$/),
  type: workflowTypeSchema,
  businessTable: z.string().trim().max(64).nullable().default(null),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  description: z.string().trim().max(2000).nullable().default(null),
  /** The draft graph; null until the designer saves one. */
  flowChart: flowNodeSchema.nullable().default(null),
});

export const workflowCreateSchema = workflowFields.strict();
/** The code and type are fixed once created (instances and the registry name the code). */
export const workflowUpdateSchema = workflowFields
  .omit({ code: true, type: true })
  .partial()
  .extend(updateKeySchema.shape)
  .strict();
export const workflowSchema = workflowFields
  .extend({
    status: workflowStatusSchema,
    /** The latest published version (0: never published). */
    version: z.number().int(),
    /** The draft differs from the latest published version. */
    hasDraftChanges: z.boolean(),
    publishedAt: z.string().nullable(),
    createdByName: z.string().nullable(),
  })
  .extend(auditFieldsSchema.shape);
export const workflowQuerySchema = queryBaseSchema
  .extend({ type: workflowTypeSchema.optional(), status: workflowStatusSchema.optional() })
  .strict();
/** `POST Publish/{id}`: the draft becomes version n+1; `summary` is written by the server when left out. */
export const workflowPublishSchema = z
  .object({ rowVersion: z.number().int().min(0), note: z.string().trim().max(500).optional() })
  .strict();
/** `POST Copy/{id}`: a new draft definition with the given code and name. */
export const workflowCopySchema = workflowFields.pick({ code: true, name: true }).strict();

export const workflowVersionSchema = z.object({
  id: z.number().int(),
  workflowId: z.number().int(),
  code: z.string(),
  version: z.number().int(),
  name: z.string(),
  flowChart: flowNodeSchema,
  /** What changed against the version before, in words (nodes added, removed, changed), or the publisher's note. */
  summary: z.array(z.string()),
  note: z.string().nullable(),
  publishedAt: z.string(),
  publishedBy: z.number().int().nullable(),
  publishedByName: z.string().nullable(),
  instanceCount: z.number().int(),
});

export type Workflow = z.infer<typeof workflowSchema>;
export type WorkflowCreate = z.infer<typeof workflowCreateSchema>;
export type WorkflowUpdate = z.infer<typeof workflowUpdateSchema>;
export type WorkflowVersion = z.infer<typeof workflowVersionSchema>;

// ---- registry ----

const registryFields = z.object({
  businessType: workflowTypeSchema,
  workflowCode: z.string().trim().min(1).max(50),
  /** Over the business record's fields; none: matches every record. All must hold. */
  conditions: z.array(conditionSchema).max(20).default([]),
  /** Lower first; the first matching active entry wins. */
  priority: z.number().int().min(0).max(1_000_000).default(100),
  status: z.enum(['Active', 'Inactive']).default('Active'),
  description: z.string().trim().max(500).nullable().default(null),
});
export const workflowRegistryCreateSchema = registryFields.strict();
export const workflowRegistryUpdateSchema = registryFields.partial().extend(updateKeySchema.shape).strict();
export const workflowRegistrySchema = registryFields
  .extend({ workflowName: z.string().nullable() })
  .extend(auditFieldsSchema.shape);
export const workflowRegistryQuerySchema = queryBaseSchema
  .extend({ businessType: workflowTypeSchema.optional(), status: z.enum(['Active', 'Inactive']).optional() })
  .strict();
export type WorkflowRegistry = z.infer<typeof workflowRegistrySchema>;
