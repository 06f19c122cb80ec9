import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, macroApplySchema, ticketOutcomeSchema } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { callerLanguage } from '../../platform/translator.js';
import { macroResource } from './macro.resource.js';
import { applyMacro } from './macro.service.js';

export function registerMacroRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, macroResource);
  // Each ticket its own transaction under its normal rules (ticket:edit among them), an outcome per ticket.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Macro/Apply',
    {
      config: { access: 'macro:view' },
      schema: {
        tags: ['Macro'],
        body: macroApplySchema,
        response: { 200: envelopeSchema(z.array(ticketOutcomeSchema)) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      // A macro the caller may not see is 404, as one that does not exist.
      const found = await macroResource.get(db, actor, request.body.id);
      return ok(await applyMacro(db, actor, request.body, callerLanguage(request), found));
    },
  );
}
