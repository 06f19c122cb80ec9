import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamSchema,
  pageOf,
  workflowApproveSchema,
  workflowAssignSchema,
  workflowBatchApproveSchema,
  workflowBatchOutcomeSchema,
  workflowBusinessStateQuerySchema,
  workflowBusinessStateSchema,
  workflowCancelSchema,
  workflowHandoffSchema,
  workflowInstanceInfoSchema,
  workflowInstanceQuerySchema,
  workflowInstanceSchema,
  workflowReassignSchema,
  workflowRecallSchema,
  workflowRejectSchema,
  workflowRemoveSignerSchema,
  workflowResubmitSchema,
  workflowReturnSchema,
  workflowSubmitSchema,
  workflowTaskCountsSchema,
  workflowTaskQuerySchema,
  workflowTaskSchema,
  workflowTransferSchema,
  workflowUrgeSchema,
  type RouteAccess,
  type WorkflowInstanceInfo,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { callerLanguage } from '../../platform/translator.js';
import { approveTask, rejectTask, returnTask } from './workflow-decide.service.js';
import { batchDecide } from './workflow-batch.service.js';
import {
  cancelInstance,
  readInstanceInfo,
  recallApproval,
  urgeApprovers,
} from './workflow-instance-actions.service.js';
import { assignSigners, handoffTask, reassignTask, removeSigner, transferTask } from './workflow-people.service.js';
import { resubmitInstance, submitRecord } from './workflow-submit.service.js';
import { businessState, queryInstances, queryTasks, taskCounts } from './workflow-instance.queries.js';

/** Instances, tasks and every action (contract 14). Task actions need only a signed-in user: the rules decide. */
export function registerWorkflowInstanceRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const info = { 200: envelopeSchema(workflowInstanceInfoSchema) };

  const action = <S extends z.ZodType>(
    url: string,
    tags: string[],
    access: RouteAccess,
    body: S,
    run: (db: Db, actor: Actor, input: z.infer<S>) => Promise<WorkflowInstanceInfo>,
  ) =>
    r.post(url, { config: { access }, schema: { tags, body, response: info } }, async (request) =>
      ok(await run(db, requireActor(request), request.body as z.infer<S>)),
    );

  const instance = ['WorkflowInstance'];
  const task = ['WorkflowTask'];
  action('/api/WorkflowInstance/Submit', instance, 'authenticated', workflowSubmitSchema, submitRecord);
  action('/api/WorkflowInstance/Resubmit', instance, 'authenticated', workflowResubmitSchema, resubmitInstance);
  action('/api/WorkflowInstance/Approve', instance, 'authenticated', workflowApproveSchema, approveTask);
  action('/api/WorkflowInstance/Reject', instance, 'authenticated', workflowRejectSchema, rejectTask);
  action('/api/WorkflowInstance/Return', instance, 'authenticated', workflowReturnSchema, returnTask);
  action('/api/WorkflowInstance/Assign', instance, 'authenticated', workflowAssignSchema, assignSigners);
  action('/api/WorkflowInstance/Transfer', instance, 'authenticated', workflowTransferSchema, transferTask);
  action('/api/WorkflowInstance/Cancel', instance, 'authenticated', workflowCancelSchema, cancelInstance);
  action('/api/WorkflowInstance/Recall', instance, 'authenticated', workflowRecallSchema, recallApproval);
  action('/api/WorkflowInstance/Urge', instance, 'authenticated', workflowUrgeSchema, urgeApprovers);
  action('/api/WorkflowTask/Handoff', task, 'authenticated', workflowHandoffSchema, handoffTask);
  action('/api/WorkflowTask/RemoveSigner', task, 'authenticated', workflowRemoveSignerSchema, removeSigner);
  action('/api/WorkflowTask/Reassign', task, 'workflow:edit', workflowReassignSchema, reassignTask);

  // Batch approve (contract 22): each task its own action and transaction; a result per task in the order asked.
  r.post(
    '/api/WorkflowInstance/BatchApprove',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: instance,
        body: workflowBatchApproveSchema,
        response: { 200: envelopeSchema(z.array(workflowBatchOutcomeSchema)) },
      },
    },
    async (request) => ok(await batchDecide(db, requireActor(request), request.body, callerLanguage(request))),
  );
  r.get(
    '/api/WorkflowInstance/Info/:key',
    { config: { access: 'authenticated' }, schema: { tags: instance, params: idParamSchema, response: info } },
    async (request) => ok(await readInstanceInfo(db, requireActor(request), request.params.key)),
  );
  r.post(
    '/api/WorkflowInstance/Query',
    {
      config: { access: 'workflow:view' },
      schema: {
        tags: instance,
        body: workflowInstanceQuerySchema,
        response: { 200: envelopeSchema(pageOf(workflowInstanceSchema)) },
      },
    },
    async (request) => ok(await queryInstances(db, request.body, new Date())),
  );
  r.get(
    '/api/WorkflowInstance/BusinessState',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: instance,
        querystring: workflowBusinessStateQuerySchema,
        response: { 200: envelopeSchema(workflowBusinessStateSchema) },
      },
    },
    async (request) =>
      ok(
        await db.transaction((tx) =>
          businessState(tx, requireActor(request), request.query.businessType, request.query.businessId),
        ),
      ),
  );
  r.post(
    '/api/WorkflowTask/Query',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: task,
        body: workflowTaskQuerySchema,
        response: { 200: envelopeSchema(pageOf(workflowTaskSchema)) },
      },
    },
    async (request) => ok(await queryTasks(db, requireActor(request), request.body)),
  );
  r.get(
    '/api/WorkflowTask/Counts',
    {
      config: { access: 'authenticated' },
      schema: { tags: task, response: { 200: envelopeSchema(workflowTaskCountsSchema) } },
    },
    async (request) => ok(await taskCounts(db, requireActor(request))),
  );
}
