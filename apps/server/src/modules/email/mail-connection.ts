import { ImapFlow } from 'imapflow';
import Pop3Command from 'node-pop3';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { emailMessages } from '@casedesk/shared';
import type { mailAccount } from './email.table.js';

type Account = typeof mailAccount.$inferSelect;
export type ConnectionResult = { ok: boolean; message: string; messageKey?: string };

/** How long a connection attempt may take before it is reported as a timeout. */
export const testTimeoutMs = 8000;

/** Nodemailer's SMTP options for an account (one place: the Test and the send job connect alike). */
export function smtpOptions(account: Account, password: string, timeoutMs = 30_000): SMTPTransport.Options {
  return {
    host: account.smtpHost,
    port: account.smtpPort,
    // TLS from the first byte (465), or STARTTLS required; neither: the admin chose a plain connection.
    secure: account.smtpSsl,
    requireTLS: !account.smtpSsl && account.smtpStartTls,
    ignoreTLS: !account.smtpSsl && !account.smtpStartTls,
    auth: { user: account.account, pass: password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
    // Nodemailer's own logger stays off: it could print the AUTH exchange.
    logger: false,
    debug: false,
  };
}

export function smtpTransport(account: Account, password: string, timeoutMs?: number): Transporter {
  return nodemailer.createTransport(smtpOptions(account, password, timeoutMs));
}

type ErrorLike = { code?: unknown; responseCode?: unknown; authenticationFailed?: unknown; message?: unknown };

/** What kind of failure an error from nodemailer, imapflow, node-pop3 or the socket is, as one of our texts. */
export function failureText(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(error);
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : 0;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EDNS' || /getaddrinfo|ENOTFOUND/.test(message))
    return emailMessages.testDns;
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) return emailMessages.testRefused;
  if (
    code === 'EAUTH' ||
    responseCode === 535 ||
    responseCode === 534 ||
    e.authenticationFailed === true ||
    /AUTHENTICATIONFAILED|authentication failed|invalid credentials|^-ERR.*(auth|pass|login|user)/i.test(message)
  )
    return emailMessages.testAuth;
  if (
    code === 'ETLS' ||
    /CERT|SSL|TLS/.test(code) ||
    /certificate|self[- ]signed|wrong version number|SSL routines|TLS|handshake|STARTTLS/i.test(message)
  )
    return emailMessages.testTls;
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT' || /time(d)? ?out/i.test(message)) return emailMessages.testTimeout;
  return emailMessages.testFailed;
}

/** A failed result: our text (translated by key on the web) and the server's own words after it. */
export function failure(error: unknown): ConnectionResult {
  const text = failureText(error);
  const detail = error instanceof Error ? error.message : String(error);
  return { ok: false, message: `${text}: ${detail.slice(0, 300)}`, messageKey: keyOf(text) };
}

const succeeded = (): ConnectionResult => ({
  ok: true,
  message: emailMessages.testOk,
  messageKey: keyOf(emailMessages.testOk),
});

function keyOf(text: string): string | undefined {
  const entry = Object.entries(emailMessages).find(([, value]) => value === text);
  return entry ? `email.${entry[0]}` : undefined;
}

/** Would never settle on some failures (a silent server): the caller gets a timeout instead. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function testSmtp(account: Account, password: string): Promise<ConnectionResult> {
  const transport = smtpTransport(account, password, testTimeoutMs);
  try {
    await withTimeout(transport.verify(), testTimeoutMs * 2);
    return succeeded();
  } catch (error) {
    return failure(error);
  } finally {
    transport.close();
  }
}

export async function testIncoming(account: Account, password: string): Promise<ConnectionResult> {
  if (!account.incomingHost || !account.incomingPort)
    return { ok: false, message: emailMessages.testNoIncoming, messageKey: keyOf(emailMessages.testNoIncoming) };
  try {
    if (account.incomingProtocol === 'IMAP') await testImap(account, password);
    else await testPop3(account, password);
    return succeeded();
  } catch (error) {
    return failure(error);
  }
}

async function testImap(account: Account, password: string) {
  const client = new ImapFlow({
    host: account.incomingHost!,
    port: account.incomingPort!,
    secure: account.incomingSsl,
    doSTARTTLS: account.incomingSsl ? undefined : account.incomingStartTls,
    auth: { user: account.account, pass: password },
    logger: false,
    connectionTimeout: testTimeoutMs,
    greetingTimeout: testTimeoutMs,
    socketTimeout: testTimeoutMs * 2,
  });
  // A connection that fails after connect() reports through 'error'; nothing else listens.
  client.on('error', () => undefined);
  try {
    await withTimeout(client.connect(), testTimeoutMs * 2);
    await client.logout();
  } finally {
    client.close();
  }
}

async function testPop3(account: Account, password: string) {
  // node-pop3 speaks TLS from the first byte or plain text (no STLS upgrade).
  const client = new Pop3Command({
    host: account.incomingHost!,
    port: account.incomingPort!,
    tls: account.incomingSsl,
    timeout: testTimeoutMs,
    user: account.account,
    password,
  });
  try {
    await withTimeout(client._connect(), testTimeoutMs * 2);
    await client.QUIT();
  } catch (error) {
    // A "-ERR" answer to USER or PASS is an authentication failure, whatever words the server chose.
    const command = (error as { command?: unknown }).command;
    if (typeof command === 'string' && /^(USER|PASS)\b/.test(command))
      throw Object.assign(new Error(`authentication failed: ${String((error as Error).message)}`), { code: 'EAUTH' });
    throw error;
  }
}
