import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { TestContext } from './helpers.js';

/** A Standard Webhooks secret. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Settings → Toggles `webhookPrivateAddresses` through the Settings API (the receiver is on loopback). */
export async function allowPrivate(ctx: TestContext, token: string, allowed: boolean) {
  const got = await ctx.call('GET', '/api/Settings/Get', { token });
  const toggles = (got.body.data as { toggles: { value: Record<string, unknown>; rowVersion: number } }).toggles;
  const saved = await ctx.call('POST', '/api/Settings/Save', {
    token,
    body: {
      group: 'toggles',
      value: { ...toggles.value, webhookPrivateAddresses: allowed },
      rowVersion: toggles.rowVersion,
    },
  });
  expect(saved.status, saved.raw).toBe(200);
}

/** How the receiver answers the next request: 200, 500, a redirect, a large body, slowly, or not at all. */
export type ReceiverMode = 'ok' | 'fail' | 'redirect' | 'big' | 'slow' | 'silent';

export type Received = { headers: IncomingHttpHeaders; body: string; at: number };

export type Receiver = {
  url: (path?: string) => string;
  port: number;
  received: Received[];
  /** Modes for the next requests in turn; when used up, `fallback` answers. */
  answer: (...modes: ReceiverMode[]) => void;
  fallback: ReceiverMode;
  /** Called with each request as it arrives (the bench measures lag). */
  onRequest?: (request: Received) => void;
  close: () => Promise<void>;
};

/** A real webhook receiver on loopback (node:http), as the tests and the bench use it. */
export async function startReceiver(): Promise<Receiver> {
  const queue: ReceiverMode[] = [];
  const hanging = new Set<ServerResponse>();
  const receiver = {} as Receiver;
  receiver.fallback = 'ok';
  receiver.received = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() };
      receiver.received.push(entry);
      receiver.onRequest?.(entry);
      const mode = queue.shift() ?? receiver.fallback;
      if (mode === 'ok') response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      else if (mode === 'fail') response.writeHead(500).end('receiver broke');
      else if (mode === 'redirect') response.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
      else if (mode === 'big') response.writeHead(200).end('x'.repeat(50_000));
      else if (mode === 'slow') {
        hanging.add(response);
        setTimeout(() => response.writeHead(200).end('late'), 5_000).unref();
      } else hanging.add(response); // silent: accepted, never answered
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  receiver.port = port;
  receiver.url = (path = '/hook') => `http://localhost:${port}${path}`;
  receiver.answer = (...modes) => queue.push(...modes);
  receiver.close = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
