import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { allPermissionCodes, type UploadedFile } from '@casedesk/shared';
import { useTestApp } from './helpers.js';
import { addTicket, staff, ticketWorld, type Staff } from './ticket-factories.js';

/**
 * The data scope, walked over the route table: a user holding every ticket, comment and file permission
 * but outside a ticket's project, or not granted a private ticket of their own project, calls every route of
 * those modules with the hidden ticket's id, its file, its comment and a word only it contains. No answer may
 * carry the ticket, and no write may touch it. A route added to these modules is walked automatically.
 */
const ctx = useTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'casedesk-scope-')) });
const modulePrefixes = ['/api/Ticket/', '/api/TicketComment/', '/api/Files/'];
const scopedModules = ['ticket', 'ticketComment', 'file'];
type Rows = { rows: Record<string, unknown>[] };

async function uploadText(token: string, name: string, text: string): Promise<UploadedFile> {
  const boundary = `----scope${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/Files/Upload',
    headers: {
      authorization: `Bearer ${token}`,
      'auth-token': ctx.newAuthToken(),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: UploadedFile[] }).data[0]!;
}

/** Everything an answer says, as text: JSON as it is, a spreadsheet's cells joined. */
async function textOf(response: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }) {
  if (!String(response.headers['content-type'] ?? '').includes('spreadsheetml')) return response.body;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
  return cells.join('\n');
}

describe('data scope through every ticket, comment and file route', () => {
  it('never shows or changes a ticket outside the caller’s projects, or a private one not granted', async () => {
    const hidden = await ticketWorld(ctx);
    const own = await ticketWorld(ctx);
    const codes = allPermissionCodes.filter(
      (code) => scopedModules.includes(code.split(':')[0]!) && code !== 'ticket:private',
    );
    const outsider: Staff = await staff(ctx, [own.projectId], codes);

    const secretFile = await uploadText(hidden.agent.token, 'secret.txt', 'Quokkafile');
    const other = await addTicket(ctx, hidden.agent.token, {
      subject: 'Quokkasecret in another project',
      content: '<p>Quokkasecret</p>',
      projectId: hidden.projectId,
      categoryId: hidden.categoryId,
      attachments: [secretFile.fileId],
    });
    const privateFile = await uploadText(own.agent.token, 'private.txt', 'Quokkafile');
    const privateTicket = await addTicket(ctx, own.agent.token, {
      subject: 'Quokkasecret private in the same project',
      projectId: own.projectId,
      categoryId: own.categoryId,
      privateTicket: true,
      attachments: [privateFile.fileId],
    });
    for (const t of [other, privateTicket]) {
      const comment = await ctx.call('POST', '/api/TicketComment/Add', {
        token: t === other ? hidden.agent.token : own.agent.token,
        body: { ticketId: t.id, comment: 'Quokkasecret comment', public: true },
      });
      expect(comment.status, comment.raw).toBe(200);
    }

    const snapshot = async () =>
      (
        (await ctx.db.execute(
          sql`select t.id, t.row_version, t.status, t.assign_to, t.subject,
                (select count(*) from ticket_comment c where c.ticket_id = t.id) as comments,
                (select count(*) from stored_file f where f.owner_entity = 'Ticket' and f.owner_id = t.id) as files
              from ticket t where t.id in (${other.id}, ${privateTicket.id}) order by t.id`,
        )) as unknown as Rows
      ).rows;
    const initial = await snapshot();
    // Each ticket holds its comment and its attachment, so a write that drops either shows in the snapshot.
    expect(initial.map((row) => [Number(row.comments), Number(row.files)])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    const before = JSON.stringify(initial);

    type Doc = {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>
      >;
    };
    const doc = (await ctx.call('GET', '/api/openapi.json', { authToken: false })).body as unknown as Doc;
    /** The fields a route's body schema knows: sending others would only earn a 400 and prove nothing. */
    const fieldsOf = (method: string, url: string) =>
      Object.keys(
        doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']
          ?.schema?.properties ?? {},
      );
    const routes = ctx.built.routes.filter(
      (r) => r.method !== 'HEAD' && modulePrefixes.some((prefix) => r.url.startsWith(prefix)),
    );
    expect(routes.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    for (const route of routes) {
      for (const [t, file] of [
        [other, secretFile],
        [privateTicket, privateFile],
      ] as const) {
        const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
          route.url.startsWith('/api/Files/')
            ? String(file.fileId)
            : name === 'key' || name === 'id'
              ? String(t.id)
              : '1',
        );
        const candidate: Record<string, unknown> = {
          id: t.id,
          ids: [t.id],
          ticketId: t.id,
          keyword: 'Quokkasecret',
          rowVersion: t.rowVersion,
          status: 'Closed',
          assignTo: outsider.id,
          comment: 'hijack',
          subject: 'hijacked',
          pageIndex: 1,
          pageSize: 100,
        };
        const known = fieldsOf(route.method, route.url);
        const body = Object.fromEntries(Object.entries(candidate).filter(([name]) => known.includes(name)));
        const response = await ctx.app.inject({
          method: route.method as 'GET' | 'POST',
          url: route.method === 'GET' ? `${url}?ticketId=${t.id}&keyword=Quokkasecret` : url,
          headers: { authorization: `Bearer ${outsider.token}`, 'auth-token': ctx.newAuthToken() },
          ...(route.method === 'GET' ? {} : { payload: body }),
        });
        const text = await textOf(response);
        if (response.statusCode === 200 && /Quokka|hijack/.test(text))
          leaks.push(`${route.method} ${url}: ${text.slice(0, 200)}`);
        if (text.includes(t.caseNumber)) leaks.push(`${route.method} ${url} names ${t.caseNumber}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(JSON.stringify(await snapshot())).toBe(before);
    // And the walk was not vacuous: the owners still see both tickets.
    const mine = await ctx.call('POST', '/api/Ticket/Query', {
      token: own.agent.token,
      body: { keyword: 'Quokkasecret' },
    });
    expect((mine.body.data as { items: { id: number }[] }).items.map((i) => i.id)).toContain(privateTicket.id);
  });
});
