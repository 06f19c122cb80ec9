import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@casedesk/shared';
import type { RouteRecord } from '../src/platform/access.js';
import { createUser, signIn, useTestApp } from './helpers.js';

/**
 * Every list sorts through the one helper, which refuses a field its description does not name. Names of
 * Object.prototype's members must be refused too (400), never found on a plain object's prototype (a 500).
 * The lists come from the route table, so a new one is covered here.
 */
const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let token: string;

beforeAll(async () => {
  token = (await signIn(ctx, await createUser(ctx, { roles: ['admin'] }))).token;
});

const sortedElsewhere = new Set([
  // The workflow instances' list belongs to the workflow module (branch `wf`), which sorts it.
  '/api/WorkflowInstance/Query',
  // Not lists that sort: the bell's query takes no orderBy (its schema drops it), Settings/Get and Directory/Get are
  // one record each.
  '/api/Notification/Query',
  '/api/Settings/Get',
  '/api/Directory/Get',
]);
const isList = (route: RouteRecord) =>
  !sortedElsewhere.has(route.url) &&
  ((route.method === 'POST' && /^\/api\/[\w/]+\/(Query|Export)$/.test(route.url)) ||
    (route.method === 'GET' && /^\/api\/\w+\/Get$/.test(route.url)));
const lists = () => ctx.built.routes.filter(isList);
const prototypeNames = ['__proto__', 'constructor', 'toString'] as const;

describe('sorting by a field a list does not name', () => {
  it('finds the lists', () => {
    const urls = lists().map((route) => route.url);
    expect(urls.length).toBeGreaterThan(40);
    for (const url of ['/api/Delegate/Query', '/api/Email/Query', '/api/Invoice/Query', '/api/OpenItem/Query'])
      expect(urls).toContain(url);
  });

  it.each(prototypeNames)('%s: every Query, Get and Export answers 400', async (field) => {
    const failures: string[] = [];
    for (const route of lists()) {
      const orderBy = [{ field, desc: false }];
      const call =
        route.method === 'GET'
          ? ctx.call('GET', route.url, { token, query: { orderBy: JSON.stringify(orderBy) } })
          : ctx.call('POST', route.url, { token, body: { orderBy } });
      // A refusal after an export's first byte breaks the download instead of answering.
      const status = await call.then(
        (response) => `${response.status} ${response.raw.slice(0, 120)}`,
        (error: Error) => error.message,
      );
      if (!status.startsWith('400 ')) failures.push(`${route.method} ${route.url}: ${status}`);
    }
    expect(failures.join('\n')).toBe('');
  });

  it('names the field, keyed', async () => {
    for (const route of lists().filter((r) => r.url.endsWith('/Query'))) {
      const response = await ctx.call('POST', route.url, {
        token,
        headers: { 'message-keys': '1' },
        body: { orderBy: [{ field: 'noSuchField' }] },
      });
      expect(response.status, route.url).toBe(400);
      // A Query whose schema names its sort fields refuses them there; the others through the helper.
      if (response.body.resultMsg.startsWith('Cannot sort')) {
        expect(response.body.resultMsg, route.url).toBe("Cannot sort by 'noSuchField'");
        expect(response.body, route.url).toMatchObject({ messageKey: 'common.cannotSort' });
      }
    }
    expect(messages.cannotSort).toContain('{field}');
  });
});
