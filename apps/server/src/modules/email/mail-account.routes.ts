import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptsReadBack,
  envelopeSchema,
  idListSchema,
  idParamSchema,
  mailAccountCreateSchema,
  mailAccountQuerySchema,
  mailAccountSchema,
  mailAccountTestResultSchema,
  mailAccountUpdateSchema,
  pageOf,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok, present } from '../../platform/envelope.js';
import { mailAccountResource } from './mail-account.resource.js';
import { accountAnswer, findAccount, testMailAccount } from './mail-account.service.js';

/**
 * `/api/MailAccount/...`: Settings → E-mail. Written out rather than `registerResource` because the settings
 * permissions are view and edit only (contract 13): every write needs `settings:edit`.
 */
export function registerMailAccountRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['MailAccount'];
  const base = '/api/MailAccount';
  const one = { 200: envelopeSchema(mailAccountSchema) };
  const updatable = Object.keys(mailAccountUpdateSchema.shape).filter((key) => key !== 'password');

  /**
   * Contract 11: fields an Update leaves out keep their value (the update schema's defaults would reset them).
   * The password is never filled in: left out, the stored one stays.
   */
  const keepUnsentFields = async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body) || !Number.isSafeInteger(body.id)) return;
    const row = await findAccount(db, body.id as number).catch(() => undefined);
    if (!row) return; // the call itself answers 404
    const current: Record<string, unknown> = present(accountAnswer(row));
    const kept = updatable.filter((key) => !(key in body) && key in current);
    request.body = { ...Object.fromEntries(kept.map((key) => [key, current[key]])), ...body };
  };

  r.post(
    `${base}/Query`,
    {
      config: { access: 'settings:view' },
      schema: { tags, body: mailAccountQuerySchema, response: { 200: envelopeSchema(pageOf(mailAccountSchema)) } },
    },
    async (request) => {
      const page = await mailAccountResource.query(db, requireActor(request), request.body);
      return ok({ ...page, items: page.items.map((row) => present(row)) });
    },
  );
  r.get(
    `${base}/Get/:key`,
    { config: { access: 'settings:view' }, schema: { tags, params: idParamSchema, response: one } },
    async (request) => ok(present(await mailAccountResource.get(db, requireActor(request), request.params.key))),
  );
  r.post(
    `${base}/Add`,
    // Contract 11: a record read back may come to Add too; what only Get answers is accepted and ignored.
    {
      config: { access: 'settings:edit' },
      schema: { tags, body: acceptsReadBack(mailAccountCreateSchema, mailAccountSchema), response: one },
    },
    async (request) => ok(present(await mailAccountResource.add(db, requireActor(request), request.body))),
  );
  r.post(
    `${base}/Update`,
    {
      config: { access: 'settings:edit' },
      preValidation: keepUnsentFields,
      // What Get gave may come back: its read-only fields (hasPassword, audit fields) are accepted and ignored.
      schema: { tags, body: acceptsReadBack(mailAccountUpdateSchema, mailAccountSchema), response: one },
    },
    async (request) => ok(present(await mailAccountResource.update(db, requireActor(request), request.body))),
  );
  r.post(
    `${base}/Delete`,
    {
      config: { access: 'settings:edit' },
      schema: { tags, body: idListSchema, response: { 200: envelopeSchema(z.object({ deleted: z.number().int() })) } },
    },
    async (request) => ok({ deleted: await mailAccountResource.remove(db, requireActor(request), request.body) }),
  );
  r.post(
    `${base}/Test/:key`,
    {
      config: { access: 'settings:edit' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(mailAccountTestResultSchema) } },
    },
    async (request) => ok(await testMailAccount(db, request.params.key)),
  );
}
