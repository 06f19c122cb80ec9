/**
 * Small mail servers on loopback for the browser specs: an SMTP server that accepts every message (plain text,
 * AUTH PLAIN/LOGIN with any password) and keeps it, and a POP3 server with an empty mailbox. They speak the real
 * protocols over real sockets, so that the product's own clients (nodemailer, node-pop3) talk to them unchanged.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export type ReceivedMail = { from: string; to: string[]; data: string };

export type LoopbackServer = { port: number; close: () => Promise<void> };

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

const closer = (server: Server, sockets: Set<Socket>) => () =>
  new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });

/** Reads CRLF lines from a socket, one handler call per line. */
function onLines(socket: Socket, handle: (line: string) => void) {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      handle(line);
    }
  });
  socket.on('error', () => undefined);
}

export async function startSmtpSink(): Promise<LoopbackServer & { mails: ReceivedMail[] }> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    let authLogin = 0;
    const say = (text: string) => socket.write(`${text}\r\n`);
    say('220 sink.test ESMTP');
    onLines(socket, (line) => {
      if (inData) {
        if (line === '.') {
          inData = false;
          mails.push(mail);
          mail = { from: '', to: [], data: '' };
          say('250 2.0.0 queued');
        } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
        return;
      }
      if (authLogin > 0) {
        authLogin = authLogin === 1 ? 2 : 0;
        say(authLogin === 2 ? '334 UGFzc3dvcmQ6' : '235 2.7.0 accepted');
        return;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') socket.write('250-sink.test\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n');
      else if (verb === 'HELO') say('250 sink.test');
      else if (verb === 'AUTH') {
        if (/^AUTH LOGIN/i.test(line)) {
          authLogin = 1;
          say('334 VXNlcm5hbWU6');
        } else say('235 2.7.0 accepted');
      } else if (verb === 'MAIL') {
        mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        say('250 ok');
      } else if (verb === 'RCPT') {
        mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        say('250 ok');
      } else if (verb === 'DATA') {
        inData = true;
        say('354 go on');
      } else if (verb === 'RSET' || verb === 'NOOP') say('250 ok');
      else if (verb === 'QUIT') {
        say('221 bye');
        socket.end();
      } else say('502 not here');
    });
  });
  const port = await listen(server);
  return { port, mails, close: closer(server, sockets) };
}

/** A POP3 server with an empty mailbox that lets any user in. */
export async function startPop3(): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const say = (text: string) => socket.write(`${text}\r\n`);
    say('+OK POP3 ready');
    onLines(socket, (line) => {
      const verb = line.split(' ')[0]!.toUpperCase();
      if (verb === 'STAT') say('+OK 0 0');
      else if (verb === 'LIST' || verb === 'UIDL') socket.write('+OK\r\n.\r\n');
      else if (verb === 'QUIT') {
        say('+OK bye');
        socket.end();
      } else if (verb === 'CAPA') socket.write('+OK\r\nUSER\r\nUIDL\r\n.\r\n');
      else if (['USER', 'PASS', 'NOOP'].includes(verb)) say('+OK');
      else say('-ERR unknown command');
    });
  });
  const port = await listen(server);
  return { port, close: closer(server, sockets) };
}
