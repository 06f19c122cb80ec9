import iconv from 'iconv-lite';
import PostalMime, { type Address, type Email as PostalEmail } from 'postal-mime';
import { escapeHtml, htmlToText, sanitizeHtml } from '../../platform/html.js';

// ---- charset labels that lie ----
//
// postal-mime decodes with TextDecoder. Node's TextDecoder (ICU) decodes `gb2312`/`gbk` as plain GBK, so the
// four-byte GB18030 sequences senders put in "gb2312" mail come out as U+FFFD, and `big5` as plain Big5,
// dropping the HKSCS characters (Hong Kong names, places) silently. The WHATWG Encoding Standard, which
// TextDecoder claims to follow, decodes those labels as gb18030 and Big5-HKSCS. postal-mime builds its
// decoders lazily through the global TextDecoder and offers no hook, so this module installs, once, a
// TextDecoder that answers those labels as the standard says (every other label is the runtime's own).

const NativeTextDecoder = globalThis.TextDecoder;
const gb18030Labels = new Set([
  'gb2312',
  'gbk',
  'x-gbk',
  'chinese',
  'csgb2312',
  'csiso58gb231280',
  'gb_2312',
  'gb_2312-80',
  'iso-ir-58',
  'cp936',
  'windows-936',
  'ms936',
]);
const big5Labels = new Set([
  'big5',
  'big5-hkscs',
  'cn-big5',
  'csbig5',
  'x-x-big5',
  'x-big5',
  'cp950',
  'windows-950',
  'ms950',
]);

class StandardTextDecoder extends NativeTextDecoder {
  readonly #big5: boolean;
  readonly #fatal: boolean;
  constructor(label = 'utf-8', options?: TextDecoderOptions) {
    const name = label.trim().toLowerCase();
    const big5 = big5Labels.has(name);
    super(gb18030Labels.has(name) ? 'gb18030' : big5 ? 'utf-8' : label, options);
    this.#big5 = big5;
    this.#fatal = options?.fatal ?? false;
  }
  override get encoding(): string {
    return this.#big5 ? 'big5' : super.encoding;
  }
  override decode(input?: AllowSharedBufferSource, options?: TextDecodeOptions): string {
    if (!this.#big5) return super.decode(input, options);
    if (input === undefined) return '';
    const bytes = ArrayBuffer.isView(input)
      ? Buffer.from(input.buffer, input.byteOffset, input.byteLength)
      : Buffer.from(input as ArrayBuffer);
    const text = iconv.decode(bytes, 'big5hkscs');
    if (this.#fatal && text.includes('\ufffd')) throw new TypeError('The encoded data was not valid for encoding big5');
    return text;
  }
}

// Once per process, even when this module is loaded again (test isolation): the marker says it is ours.
const installed = Symbol.for('casedesk.standardTextDecoder');
if (!(installed in NativeTextDecoder)) {
  Object.defineProperty(StandardTextDecoder, installed, { value: true });
  globalThis.TextDecoder = StandardTextDecoder;
}

// ---- the parsed message ----

export type MailAddress = { address: string; name: string };
export type MailFile = {
  name: string;
  mimeType: string;
  content: Buffer;
  /** `<id>` without brackets, for inline images the HTML references by `cid:`. */
  contentId: string | null;
  inline: boolean;
};

export type ParsedMail = {
  messageId: string | null;
  inReplyTo: string | null;
  /** Oldest first, as the header lists them. */
  references: string[];
  subject: string;
  from: MailAddress | null;
  to: string[];
  cc: string[];
  date: Date | null;
  /** Lower-case name → value (the first of repeated headers), every header of the top part. */
  headers: Record<string, string>;
  /** Unsanitised HTML (or the text turned into HTML); `cid:` links still in it. */
  html: string;
  /** The plain text (the text part, else the HTML's text): what a reply to an approval says. */
  text: string;
  files: MailFile[];
  contentType: string;
};

const angleIds = (value: string | undefined | null): string[] => value?.match(/<[^<>\s]+>/g) ?? [];
const oneId = (value: string | undefined | null): string | null => {
  if (!value) return null;
  const ids = angleIds(value);
  if (ids.length > 0) return ids[0]!;
  const bare = value.trim();
  return bare ? `<${bare.replace(/^<|>$/g, '')}>` : null;
};

const mailboxes = (list: Address[] | Address | undefined): MailAddress[] =>
  (Array.isArray(list) ? list : list ? [list] : []).flatMap((a) =>
    a.group ? a.group.map((m) => ({ address: m.address, name: m.name })) : [{ address: a.address, name: a.name }],
  );

/** Plain text as HTML: escaped, paragraphs and line breaks kept, links left as text. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const contentOf = (content: ArrayBuffer | Uint8Array | string): Buffer =>
  typeof content === 'string'
    ? Buffer.from(content, 'utf8')
    : content instanceof Uint8Array
      ? Buffer.from(content.buffer, content.byteOffset, content.byteLength)
      : Buffer.from(content);

/** Parses a raw message (throws on what postal-mime refuses: too deep, headers too large). */
export async function parseMail(raw: Buffer): Promise<ParsedMail> {
  const parsed: PostalEmail = await PostalMime.parse(raw, {
    // A bounce's enclosed message stays an attachment: its Message-ID finds the mail it bounces.
    forceRfc822Attachments: true,
    maxNestingDepth: 50,
  });
  const headers: Record<string, string> = {};
  for (const h of parsed.headers) if (!(h.key in headers)) headers[h.key] = h.value;
  const from = mailboxes(parsed.from)[0] ?? null;
  const date = parsed.date ? new Date(parsed.date) : null;
  return {
    messageId: oneId(parsed.messageId),
    inReplyTo: oneId(parsed.inReplyTo),
    references: angleIds(parsed.references),
    subject: (parsed.subject ?? '').replace(/\s+/g, ' ').trim(),
    from: from?.address ? { address: from.address.toLowerCase(), name: from.name } : null,
    to: mailboxes(parsed.to)
      .map((m) => m.address.toLowerCase())
      .filter(Boolean),
    cc: mailboxes(parsed.cc)
      .map((m) => m.address.toLowerCase())
      .filter(Boolean),
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    headers,
    html: parsed.html ?? (parsed.text ? textToHtml(parsed.text) : ''),
    text: parsed.text ?? htmlToText(parsed.html ?? ''),
    files: parsed.attachments.map((a, i) => ({
      name: a.filename ?? `${a.mimeType.replace(/\W+/g, '-')}-${i + 1}${extensionOf(a.mimeType)}`,
      mimeType: a.mimeType,
      content: contentOf(a.content),
      contentId: a.contentId ? a.contentId.replace(/^<|>$/g, '') : null,
      inline: a.disposition === 'inline' || a.related === true,
    })),
    contentType: (headers['content-type'] ?? 'text/plain').toLowerCase(),
  };
}

const extensionOf = (mimeType: string): string =>
  ({
    'message/rfc822': '.eml',
    'message/delivery-status': '.txt',
    'text/rfc822-headers': '.txt',
    'image/png': '.png',
    'image/jpeg': '.jpg',
    'image/gif': '.gif',
    'text/plain': '.txt',
    'text/html': '.html',
  })[mimeType] ?? '';

/**
 * The body as we keep it: `cid:` links rewritten to our file URLs (before sanitising, which drops `cid:`),
 * then sanitised (scripts, handlers and unsafe URLs removed).
 */
export function safeBody(html: string, urlOfContentId: (contentId: string) => string | undefined): string {
  const linked = html.replace(/(["'(])cid:([^"')\s]+)/gi, (whole, before: string, id: string) => {
    const url = urlOfContentId(decodeURIComponent(id));
    return url ? `${before}${url}` : whole;
  });
  return sanitizeHtml(linked);
}

// ---- what kind of mail it is ----

/** Why a mail is automated (RFC 3834 and the usual vendor headers), or null for a person's mail. */
export function automatedReason(mail: ParsedMail): string | null {
  const h = mail.headers;
  const autoSubmitted = h['auto-submitted']?.trim().toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith('no')) return `Auto-Submitted: ${h['auto-submitted']}`;
  const precedence = h.precedence?.trim().toLowerCase();
  if (precedence && ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence)) return `Precedence: ${h.precedence}`;
  for (const name of ['x-autoreply', 'x-autorespond', 'x-auto-response-suppress'])
    if (name in h) return `${name}: ${h[name]}`;
  if ('return-path' in h && /^\s*<\s*>\s*$/.test(h['return-path']!)) return 'Return-Path: <> (empty)';
  const local = mail.from?.address.split('@')[0] ?? '';
  if (/^(mailer-daemon|postmaster)$/i.test(local)) return `sender ${mail.from?.address}`;
  return null;
}

export type Bounce = {
  /** The Message-ID of the mail that bounced, from the enclosed message or headers. */
  originalMessageId: string | null;
  /** Recipients whose delivery failed permanently (status 5.x.x). */
  permanent: { address: string; status: string }[];
  statuses: string[];
};

/** A delivery status notification (RFC 3464), or null for any other mail. */
export function bounceOf(mail: ParsedMail): Bounce | null {
  if (!/^multipart\/report\b/.test(mail.contentType) || !/report-type\s*=\s*"?delivery-status/.test(mail.contentType))
    return null;
  const status = mail.files.find(
    (f) => f.mimeType === 'message/delivery-status' || f.mimeType === 'message/global-delivery-status',
  );
  const enclosed = mail.files.find(
    (f) =>
      f.mimeType === 'message/rfc822' ||
      f.mimeType === 'text/rfc822-headers' ||
      f.mimeType === 'message/rfc822-headers',
  );
  const permanent: Bounce['permanent'] = [];
  const statuses: string[] = [];
  if (status) {
    // Per-recipient blocks are separated by blank lines; each has Final-Recipient and Status.
    for (const block of status.content
      .toString('utf8')
      .replace(/\r\n/g, '\n')
      .split(/\n\s*\n/)) {
      const recipient = /^(?:final|original)-recipient:\s*[^;]*;\s*<?([^>\s]+)>?/im.exec(block)?.[1];
      const code = /^status:\s*(\d\.\d{1,3}\.\d{1,3})/im.exec(block)?.[1];
      if (!code) continue;
      statuses.push(code);
      if (recipient && code.startsWith('5')) permanent.push({ address: recipient.toLowerCase(), status: code });
    }
  }
  let originalMessageId: string | null = null;
  if (enclosed) {
    const headerPart = enclosed.content.toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
    const found = /^message-id:\s*(<[^>\s]+>)/im.exec(headerPart.replace(/\r?\n[ \t]+/g, ' '));
    originalMessageId = found?.[1] ?? null;
  }
  return { originalMessageId, permanent, statuses };
}

/** A case number as the ticket module numbers them (`<prefix>-<yyyy>-<at least 6 digits>`). */
export function caseNumbersIn(subject: string, prefix: string): string[] {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...subject.matchAll(new RegExp(`\\b${escaped}-\\d{4}-\\d{6,}\\b`, 'gi'))].map((m) => m[0].toUpperCase());
}

/** The body with the files it does not show listed under it, as links (the ticket or comment shows them). */
export function withFileList(body: string, files: { fileUrl: string; name: string; size: number }[]): string {
  const listed = files
    .filter((f) => !body.includes(f.fileUrl))
    .map((f) => `<li><a href="${f.fileUrl}">${escapeHtml(f.name)}</a> (${Math.ceil(f.size / 1024)} KB)</li>`);
  return listed.length > 0 ? `${body}<ul>${listed.join('')}</ul>` : body;
}

/** Our own header on every mail we send: a mail that carries it came back to us (a loop). */
export const loopHeader = 'x-casedesk-loop';

/** The headers the decision reads, and a few the view shows. */
const keptHeaderNames = [
  'from',
  'to',
  'cc',
  'reply-to',
  'date',
  'subject',
  'message-id',
  'in-reply-to',
  'references',
  'return-path',
  'auto-submitted',
  'precedence',
  'x-autoreply',
  'x-autorespond',
  'x-auto-response-suppress',
  'content-type',
  loopHeader,
];
export const keptHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(keptHeaderNames.filter((n) => n in headers).map((n) => [n, headers[n]!.slice(0, 2000)]));
