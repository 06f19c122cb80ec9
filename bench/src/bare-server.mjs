// The reference point: a bare Fastify app with one route answering a constant JSON (no plugins,
// no hooks, no logger). Plain JavaScript so that, like apps/server/dist/main.js, it runs without a
// TypeScript loader. BARE_BODY_FILE names a JSON file to answer with (the bench passes a captured
// GetMyInfo response, so that both sides send the same bytes).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 3901);
const body = process.env.BARE_BODY_FILE
  ? JSON.parse(readFileSync(process.env.BARE_BODY_FILE, 'utf8'))
  : { resultCode: 200, resultMsg: 'OK', data: { id: 1, name: 'admin' } };

const app = Fastify({ logger: false });
app.get('/api/token/GetMyInfo', async () => body);
app.get('/readyz', async () => ({ status: 'ready' }));
await app.listen({ port, host: '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void app.close().then(() => process.exit(0)));
