import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { callerLanguage } from '../../platform/translator.js';
import { renderLinkPage } from './workflow-link.page.js';
import { actOnLink, readLinkPage, type LinkPage } from './workflow-link.service.js';

const params = z.object({ token: z.string().max(200) });
const form = z.object({ comment: z.string().max(4000).optional() });

/**
 * A task mail's approve/reject link (contract 22): public, since the assignee follows it from the mail without
 * signing in; the signed link is the only credential (no cookie, so no cross-site request can borrow one). GET reads,
 * POST acts.
 */
export function registerWorkflowLinkRoutes(app: FastifyInstance, db: Db) {
  void app.register(async (scope) => {
    // The confirm page's form posts `comment=…` as a browser form does.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const answer = (request: FastifyRequest, reply: FastifyReply, page: LinkPage) =>
      reply
        .code(page.state === 'invalid' ? 404 : 200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderLinkPage(page, request.url, ''));
    const schema = { tags: ['WorkflowInstance'], params, hide: true };
    r.get('/approve/:token', { config: { access: 'public' }, schema }, async (request, reply) =>
      answer(request, reply, await readLinkPage(db, request.params.token, callerLanguage(request))),
    );
    r.post(
      '/approve/:token',
      {
        config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: { ...schema, body: form },
      },
      async (request, reply) =>
        answer(
          request,
          reply,
          await actOnLink(db, request.params.token, request.body.comment?.trim() ?? '', callerLanguage(request)),
        ),
    );
  });
}
