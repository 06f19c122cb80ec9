// Records the SQL a server sends to PostgreSQL: a loopback TCP relay that forwards every byte
// unchanged and, on the way to PostgreSQL, reads the frontend messages Parse (P), Bind (B) and
// Query (Q). bench:myinfo puts it between a short-lived server and a scratch database, makes one
// GetMyInfo request and so learns exactly which statements (with their parameters) a request runs,
// whatever the server's code currently looks like. It is not in the path of any measured run.
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { host } from './lib.js';

/** `connection`: which of the server's database connections sent it (1, 2, … in the order they opened). */
export type CapturedStatement = { text: string; params: Array<string | null>; at: number; connection?: number };

/** One frontend stream: after the untyped start-up message(s), each message is type + int32 length + body. */
function frontendParser(onMessage: (type: string, body: Buffer) => void) {
  let buffer = Buffer.alloc(0);
  let started = false;
  return (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        // SSLRequest / GSSENCRequest come before the real start-up message; CancelRequest ends the stream.
        if (code !== 80877103 && code !== 80877104) started = true;
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return;
      onMessage(String.fromCharCode(buffer[0]!), buffer.subarray(5, length + 1));
      buffer = buffer.subarray(length + 1);
    }
  };
}

function cString(body: Buffer, offset: number): [string, number] {
  const end = body.indexOf(0, offset);
  return [body.toString('utf8', offset, end), end + 1];
}

/** Parameters of a Bind message, as text (binary ones as hex, which the replay does not expect to meet). */
function bindParams(body: Buffer): Array<string | null> {
  let offset = cString(body, 0)[1]; // portal
  offset = cString(body, offset)[1]; // statement name
  const formatCount = body.readInt16BE(offset);
  offset += 2;
  const formats: number[] = [];
  for (let i = 0; i < formatCount; i++, offset += 2) formats.push(body.readInt16BE(offset));
  const count = body.readInt16BE(offset);
  offset += 2;
  const params: Array<string | null> = [];
  for (let i = 0; i < count; i++) {
    const length = body.readInt32BE(offset);
    offset += 4;
    if (length === -1) {
      params.push(null);
      continue;
    }
    const format = formatCount === 0 ? 0 : formatCount === 1 ? formats[0]! : (formats[i] ?? 0);
    const value = body.subarray(offset, offset + length);
    params.push(format === 0 ? value.toString('utf8') : `\\x${value.toString('hex')}`);
    offset += length;
  }
  return params;
}

export async function startSqlCapture(upstream: { host: string; port: number }) {
  const statements: CapturedStatement[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((client) => {
    const connection = ++connections;
    const pgSocket = connect(upstream.port, upstream.host);
    sockets.add(client);
    sockets.add(pgSocket);
    const named = new Map<string, string>(); // prepared statement name -> text
    let lastParsed = '';
    const parse = frontendParser((type, body) => {
      if (type === 'P') {
        const [name, next] = cString(body, 0);
        const [text] = cString(body, next);
        lastParsed = text;
        if (name) named.set(name, text);
      } else if (type === 'B') {
        const [, next] = cString(body, 0);
        const [statementName] = cString(body, next);
        const text = statementName ? (named.get(statementName) ?? '') : lastParsed;
        statements.push({ text, params: bindParams(body), at: performance.now(), connection });
      } else if (type === 'Q') {
        statements.push({ text: cString(body, 0)[0], params: [], at: performance.now(), connection });
      }
    });
    client.on('data', (chunk: Buffer) => {
      parse(chunk);
      pgSocket.write(chunk);
    });
    pgSocket.on('data', (chunk: Buffer) => client.write(chunk));
    const close = () => {
      client.destroy();
      pgSocket.destroy();
      sockets.delete(client);
      sockets.delete(pgSocket);
    };
    client.on('close', close);
    pgSocket.on('close', close);
    client.on('error', close);
    pgSocket.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    statements,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
