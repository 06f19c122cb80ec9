/**
 * Incoming mails as real clients and servers write them, for the fetch tests and bench/email-fetch: built with
 * nodemailer's MailComposer, or by hand where MailComposer would not (legacy charsets, broken MIME, reports).
 */
import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';

export const uniqueId = (domain = 'customer.example') => `<${randomBytes(8).toString('hex')}@${domain}>`;

/** A mail as a client composes it (UTF-8, multipart where needed). */
export async function composed(options: Mail.Options): Promise<Buffer> {
  return new MailComposer({ messageId: uniqueId(), date: new Date(), ...options }).compile().build();
}

const b64 = (bytes: number[] | Buffer) => Buffer.from(bytes).toString('base64');
// 你好 (GB2312) and 𠀀 (U+20000, only in GB18030's four-byte range): a "gb2312" label that lies.
const gbHello = [0xc4, 0xe3, 0xba, 0xc3];
const gb18030Only = [0x95, 0x32, 0x82, 0x36];
// 中 (Big5) and ㇀ (0x8840, only in Big5-HKSCS).
const big5Middle = [0xa4, 0xa4];
const hkscsOnly = [0x88, 0x40];

/** Subject `=?gb2312?B?...?=` split over two encoded words, and an 8-bit GBK body. */
export function gb2312Mail(from: string, messageId = uniqueId()): Buffer {
  const subject = `=?gb2312?B?${b64(gbHello)}?=\r\n =?gb2312?B?${b64(gb18030Only)}?=`;
  const head = `From: =?gb2312?B?${b64(gbHello)}?= <${from}>\r\nTo: desk@casedesk.example\r\nSubject: ${subject}\r\nMessage-ID: ${messageId}\r\nDate: ${new Date().toUTCString()}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=gb2312\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from([...gbHello, ...gb18030Only]), Buffer.from('\r\n')]);
}
export const gb2312Subject = '你好𠀀';

export function big5Mail(from: string, messageId = uniqueId()): Buffer {
  const head = `From: ${from}\r\nTo: desk@casedesk.example\r\nSubject: =?big5?B?${b64([...big5Middle, ...hkscsOnly])}?=\r\nMessage-ID: ${messageId}\r\nDate: ${new Date().toUTCString()}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=big5\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64([...big5Middle, ...hkscsOnly])}\r\n`;
  return Buffer.from(head);
}
export const big5Subject = '中㇀';

/** A plain mail by hand (no Message-ID when `messageId` is null). */
export function plainMail(o: {
  from: string;
  subject: string;
  body?: string;
  messageId?: string | null;
  headers?: Record<string, string>;
}): Buffer {
  const lines = [
    `From: ${o.from}`,
    'To: desk@casedesk.example',
    `Subject: ${o.subject}`,
    `Date: ${new Date().toUTCString()}`,
  ];
  if (o.messageId !== null) lines.push(`Message-ID: ${o.messageId ?? uniqueId()}`);
  for (const [k, v] of Object.entries(o.headers ?? {})) lines.push(`${k}: ${v}`);
  lines.push('MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', o.body ?? 'Hello desk.', '');
  return Buffer.from(lines.join('\r\n'));
}

/** Broken MIME: a boundary never closed, a part with invalid base64, a header line without a colon. */
export function malformedMail(from: string): Buffer {
  return Buffer.from(
    `From: ${from}\r\nSubject: Broken MIME\r\nMessage-ID: ${uniqueId()}\r\nThis line has no colon\r\nContent-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain\r\n\r\nThe text part.\r\n--b1\r\nContent-Type: application/pdf; name="x.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@not base64@@@\r\n`,
  );
}

/** Nested deeper than the parser accepts: postal-mime refuses it (kept as Unreadable). */
export function tooDeepMail(from: string, depth = 60): Buffer {
  let body = 'Content-Type: text/plain\r\n\r\ninnermost\r\n';
  for (let i = depth; i > 0; i--)
    body = `Content-Type: multipart/mixed; boundary="d${i}"\r\n\r\n--d${i}\r\n${body}--d${i}--\r\n`;
  return Buffer.from(`From: ${from}\r\nSubject: Too deep\r\nMessage-ID: ${uniqueId()}\r\nMIME-Version: 1.0\r\n${body}`);
}

/** An RFC 3464 delivery status notification for `original` (its Message-ID) to `recipient`. */
export function dsnMail(o: { recipient: string; originalMessageId: string; status?: string }): Buffer {
  const status = o.status ?? '5.1.1';
  return Buffer.from(
    [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example>',
      'To: desk@casedesk.example',
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: ${uniqueId('mx.example')}`,
      'Auto-Submitted: auto-replied',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="rep"',
      '',
      '--rep',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--rep',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example',
      '',
      `Final-Recipient: rfc822; ${o.recipient}`,
      'Action: failed',
      `Status: ${status}`,
      '',
      '--rep',
      'Content-Type: message/rfc822',
      '',
      'From: desk@casedesk.example',
      `To: ${o.recipient}`,
      'Subject: Your ticket',
      `Message-ID: ${o.originalMessageId}`,
      '',
      'Original body.',
      '--rep--',
      '',
    ].join('\r\n'),
  );
}

/** A 1x1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
