import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/database.js';
import { copyPgTemplate } from '../../../test/database.js';
import { startTestApp, type TestContext } from '../../../test/helpers.js';
import { admin, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { allowPrivate, newSecret, startReceiver, type Receiver } from '../../../test/webhook-receiver.js';
import { webhookDelivery } from './webhook.table.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs test/webhook-commit-process.ts; resolves with the ticket id it committed (the process then waits). */
function commitInChild(env: Record<string, string>): { child: ChildProcess; committed: Promise<number> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/webhook-commit-process.ts'], {
    cwd: serverDir,
    env: { ...process.env, SCHEDULER: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const committed = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const found = /committed (\d+)/.exec(chunk.toString());
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', () => reject(new Error(`the process exited before it committed: ${stderr}`)));
  });
  return { child, committed };
}

describe.skipIf(!pgUrl)('webhooks across a kill -9 between the commit and the send (PostgreSQL)', () => {
  let copy: Awaited<ReturnType<typeof copyPgTemplate>>;
  const first = {} as TestContext;
  const second = {} as TestContext;
  let receiver: Receiver;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    copy = await copyPgTemplate();
    await startTestApp(first, await openPostgres(copy.url, 4));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await second.app?.close();
    await second.database?.close();
    await first.app?.close();
    await first.database?.close();
    await receiver?.close();
    await copy?.drop();
  });

  it('the delivery committed by a killed process is sent by the next one, with the same webhook-id', async () => {
    const boss: Staff = await admin(first);
    await allowPrivate(first, boss.token, true);
    const world = await ticketWorld(first);
    const hook = await first.call('POST', '/api/Webhook/Add', {
      token: boss.token,
      body: { name: 'Survives kill', url: receiver.url(), events: ['ticket.created'], secret: newSecret() },
    });
    expect(hook.status, hook.raw).toBe(200);
    const token = await first.call('POST', '/api/ApiToken/Create', {
      token: boss.token,
      body: { name: 'kill test', expiresInDays: 1 },
    });
    expect(token.status, token.raw).toBe(200);

    const run = commitInChild({
      DATABASE_URL: copy.url,
      TOKEN: (token.body.data as { token: string }).token,
      PROJECT_ID: String(world.projectId),
      CATEGORY_ID: String(world.categoryId),
    });
    child = run.child;
    const ticketId = await run.committed;
    const exited = new Promise((resolve) => run.child.once('exit', resolve));
    run.child.kill('SIGKILL');
    await exited;

    const [queued] = await first.db.select().from(webhookDelivery).where(eq(webhookDelivery.ticketId, ticketId));
    expect(queued).toMatchObject({ status: 'Pending', attempts: 0 });
    expect(receiver.received).toHaveLength(0);

    // A new process (its own pool) starts its sender: the delivery goes out once, with the id it was given.
    await startTestApp(second, await openPostgres(copy.url, 4));
    second.built.scheduler.start();
    await expect
      .poll(
        async () =>
          (await second.db.select().from(webhookDelivery).where(eq(webhookDelivery.id, queued!.id)))[0]!.status,
        { timeout: 30_000, interval: 100 },
      )
      .toBe('Delivered');
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(queued!.messageId);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ data: { ticket: { id: ticketId } } });
  }, 120_000);
});
