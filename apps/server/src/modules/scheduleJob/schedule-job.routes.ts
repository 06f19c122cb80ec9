import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  jobHandlerInfoSchema,
  jobRunQuerySchema,
  jobRunSchema,
  pageOf,
  scheduleJobIdParamSchema,
  scheduleJobSchema,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok, present } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import { registerResource } from '../../platform/resource.js';
import { createScheduleJobResource } from './schedule-job.resource.js';
import { queryJobRuns, setJobStarted, type Jobs } from './schedule-job.service.js';

export function registerScheduleJobRoutes(app: FastifyInstance, db: Db, jobs: Jobs) {
  registerResource(app, db, createScheduleJobResource(jobs));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ScheduleJob'];
  const onOff = { access: 'scheduleJob:onOff' as const };
  const jobResponse = { 200: envelopeSchema(scheduleJobSchema) };

  r.get(
    '/api/ScheduleJob/Handlers',
    {
      config: { access: 'scheduleJob:view' },
      schema: { tags, response: { 200: envelopeSchema(z.array(jobHandlerInfoSchema)) } },
    },
    async () => ok(jobs.registry.describe()),
  );

  r.post(
    '/api/ScheduleJob/Start/:id',
    { config: onOff, schema: { tags, params: scheduleJobIdParamSchema, response: jobResponse } },
    async (request) =>
      ok(present(await setJobStarted(db, jobs.scheduler, requireActor(request), request.params.id, true))),
  );

  r.post(
    '/api/ScheduleJob/Stop/:id',
    { config: onOff, schema: { tags, params: scheduleJobIdParamSchema, response: jobResponse } },
    async (request) =>
      ok(present(await setJobStarted(db, jobs.scheduler, requireActor(request), request.params.id, false))),
  );

  r.post(
    '/api/ScheduleJob/RunNow/:id',
    {
      config: onOff,
      schema: { tags, params: scheduleJobIdParamSchema, response: { 200: envelopeSchema(jobRunSchema) } },
    },
    async (request) => {
      const run = await jobs.scheduler.runNow(request.params.id);
      if (!run) throw notFound();
      return ok(present(run));
    },
  );

  r.post(
    '/api/ScheduleJob/Runs',
    {
      config: { access: 'scheduleJob:view' },
      schema: { tags, body: jobRunQuerySchema, response: { 200: envelopeSchema(pageOf(jobRunSchema)) } },
    },
    async (request) => ok(await queryJobRuns(db, request.body)),
  );
}
