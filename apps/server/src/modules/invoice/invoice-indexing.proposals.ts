import {
  currencySchema,
  indexExcerptChars,
  indexMaxPages,
  indexTimeLimitMs,
  type IndexExtractionError,
  type InvoiceProposals,
} from '@casedesk/shared';

/**
 * Reading an indexing document: the text layer of a PDF (unpdf, i.e. pdf.js; no OCR) and the invoice fields it
 * suggests. Bounded: at most `indexMaxPages` pages, at most `indexTimeLimitMs`; an encrypted, broken or
 * text-less PDF gives no proposals and a reason, never an exception.
 */
export type ReadResult = {
  pages: number | null;
  text: string | null;
  error: IndexExtractionError | null;
  durationMs: number;
};

type TextItem = { str: string; transform: number[]; hasEOL?: boolean };

class TimedOut extends Error {}

/** The lines of a page, top to bottom, items on one baseline joined left to right. */
function linesOf(items: TextItem[]): string[] {
  const rows = new Map<number, { x: number; s: string }[]>();
  for (const item of items) {
    if (!item.str) continue;
    const y = Math.round((item.transform[5] ?? 0) / 2) * 2;
    const row = rows.get(y) ?? [];
    row.push({ x: item.transform[4] ?? 0, s: item.str });
    rows.set(y, row);
  }
  return [...rows.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((r) => r.s)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

export async function readPdfText(data: Uint8Array, limits = { pages: indexMaxPages, ms: indexTimeLimitMs }) {
  const started = performance.now();
  const done = (r: Omit<ReadResult, 'durationMs'>): ReadResult => ({
    ...r,
    durationMs: Math.round(performance.now() - started),
  });
  const { getDocumentProxy } = await import('unpdf');
  let doc: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), limits.ms);
  });
  try {
    // pdf.js detaches the buffer it is given: hand it a copy.
    const loading = getDocumentProxy(new Uint8Array(data), {
      isEvalSupported: false,
      stopAtErrors: false,
      verbosity: 0,
    });
    doc = await Promise.race([loading, deadline]);
    const pages = doc.numPages;
    const lines: string[] = [];
    for (let n = 1; n <= Math.min(pages, limits.pages); n++) {
      const page = await Promise.race([doc.getPage(n), deadline]);
      const content = await Promise.race([page.getTextContent(), deadline]);
      lines.push(...linesOf(content.items as TextItem[]));
    }
    const text = lines.join('\n');
    return done({ pages, text: text || null, error: text.trim() ? null : 'noText' });
  } catch (error) {
    if (error instanceof TimedOut) return done({ pages: doc?.numPages ?? null, text: null, error: 'timeout' });
    const name = (error as { name?: string }).name;
    return done({ pages: null, text: null, error: name === 'PasswordException' ? 'encrypted' : 'unreadable' });
  } finally {
    clearTimeout(timer);
    await doc?.destroy().catch(() => undefined);
  }
}

export const excerptOf = (text: string | null) => (text ? text.slice(0, indexExcerptChars) : null);

// ---- proposals -------------------------------------------------------------------------------------------

const months: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
  januar: 1, februar: 2, märz: 3, maerz: 3, mai: 5, juni: 6, juli: 7, okt: 10, dez: 12,
}; // prettier-ignore

function isoDate(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function monthOf(name: string): number | undefined {
  const lower = name.toLowerCase();
  return months[lower] ?? months[lower.slice(0, 3)];
}

/** The dates written in a piece of text, in order: ISO, US (m/d/y), European (d.m.y), "25 Nov 2026", "Nov 25, 2026". */
export function datesIn(text: string): string[] {
  const found: { at: number; iso: string }[] = [];
  const push = (at: number, iso: string | null) => iso && found.push({ at, iso });
  for (const m of text.matchAll(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g)) push(m.index, isoDate(+m[1]!, +m[2]!, +m[3]!));
  for (const m of text.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/g))
    push(m.index, isoDate(+m[3]!, +m[1]!, +m[2]!) ?? isoDate(+m[3]!, +m[2]!, +m[1]!));
  for (const m of text.matchAll(/\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/g)) push(m.index, isoDate(+m[3]!, +m[2]!, +m[1]!));
  for (const m of text.matchAll(/\b(\d{1,2})\.?\s+([A-Za-zä]{3,9})\.?,?\s+(\d{4})\b/g)) {
    const month = monthOf(m[2]!);
    if (month) push(m.index, isoDate(+m[3]!, month, +m[1]!));
  }
  for (const m of text.matchAll(/\b([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/g)) {
    const month = monthOf(m[1]!);
    if (month) push(m.index, isoDate(+m[3]!, month, +m[2]!));
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.iso);
}

/**
 * An amount as written ("1,234.56", "1.234,56", "1 234,56", "12345") → a decimal string with two places, or
 * null. The last separator followed by one or two digits is the decimal mark.
 */
export function amountOf(raw: string): string | null {
  const s = raw.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(s);
  const whole = (decimal ? s.slice(0, decimal.index) : s).replace(/[.,]/g, '');
  if (!/^\d{1,13}$/.test(whole)) return null;
  const cents = (decimal?.[1] ?? '').padEnd(2, '0');
  return `${BigInt(whole).toString()}.${cents}`;
}

const symbolCurrency: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
const amountPattern = String.raw`(\d{1,3}(?:[,.\s\u00a0]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)`;

function labelled(lines: string[], label: RegExp, value: RegExp): RegExpExecArray | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const at = label.exec(line);
    if (!at) continue;
    const rest = line.slice(at.index + at[0].length);
    const onLine = value.exec(rest);
    if (onLine) return onLine;
    // A label alone on its line: the value is on the next one (table layouts).
    const next = lines[i + 1];
    if (rest.trim() === '' && next) {
      const below = value.exec(next);
      if (below) return below;
    }
  }
  return null;
}

const numberLabel =
  /\b(?:invoice|inv|bill|rechnung(?:s)?)\s*(?:no\.?|number|num\.?|#|nr\.?|nummer|-?nr\.?)(?=\s|:|#|$)\s*[:#]?/i;
const poLabel =
  /\b(?:p\.?\s?o\.?|purchase\s+order|bestell(?:ung)?)\s*(?:no\.?|number|#|nr\.?|nummer|ref(?:erence)?\.?)?(?=\s|:|#|$)\s*[:#]?/i;
const idValue = /^\s*[:#]?\s*([A-Z0-9][A-Z0-9\-/._]{1,39})/i;
/** "PO 7731" after a "purchase order" label: the number is what follows the spaced-off prefix. */
const poValue = /^\s*[:#]?\s*(?:P\.?O\.?\s+(?:no\.?\s+)?)?([A-Z0-9][A-Z0-9\-/._]{1,39})/i;
const invoiceDateLabel =
  /\b(?:invoice\s+date|date\s+of\s+invoice|rechnungsdatum|issue\s+date|date\s+issued|dated?)\b\s*:?/i;
const dueDateLabel = /\b(?:due\s+date|payment\s+due|due\s+by|due|fällig(?:keit)?(?:\s+am)?|zahlbar\s+bis)\b\s*:?/i;
const totalLabels = [
  /\b(?:total\s+(?:amount\s+)?due|amount\s+due|balance\s+due|grand\s+total|invoice\s+total|total\s+payable|gesamtbetrag|rechnungsbetrag|endbetrag)\b/i,
  /(?<!sub\s?|sub-)\btotal\b|\bsumme\b/i,
];

function cleanId(id: string): string {
  return id.replace(/[._/-]+$/, '');
}

export type VendorCandidate = { id: number; vendorName: string; emailAddress: string | null };

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9@.]+/g, ' ')
    .trim();

function matchVendor(
  text: string,
  vendors: VendorCandidate[],
): Pick<InvoiceProposals, 'vendorId' | 'vendorName' | 'vendorMatchedBy'> {
  const none = { vendorId: null, vendorName: null, vendorMatchedBy: null } as const;
  const emails = [...text.matchAll(/[A-Z0-9._%+-]+@([A-Z0-9.-]+\.[A-Z]{2,})/gi)].map((m) => ({
    address: m[0].toLowerCase(),
    domain: m[1]!.toLowerCase(),
  }));
  const byEmail = vendors.filter((v) => {
    const address = v.emailAddress?.trim().toLowerCase();
    if (!address) return false;
    const domain = address.split('@')[1];
    return emails.some((e) => e.address === address || (domain && e.domain === domain));
  });
  if (byEmail.length === 1)
    return { vendorId: byEmail[0]!.id, vendorName: byEmail[0]!.vendorName, vendorMatchedBy: 'email' };
  const haystack = ` ${norm(text)} `;
  // The longest name that appears as whole words; a tie between different vendors proposes none.
  const byName = vendors
    .map((v) => ({ v, name: norm(v.vendorName) }))
    .filter(({ name }) => name.length >= 3 && haystack.includes(` ${name} `))
    .sort((a, b) => b.name.length - a.name.length);
  const best = byName[0];
  if (!best || (byName[1] && byName[1].name.length === best.name.length)) return none;
  return { vendorId: best.v.id, vendorName: best.v.vendorName, vendorMatchedBy: 'name' };
}

/** What the text suggests for each capture field; nulls where it says nothing clear. */
export function proposeFields(text: string, vendors: VendorCandidate[]): InvoiceProposals {
  const lines = text.split('\n').map((l) => l.trim());
  const invoiceNumber = labelled(lines, numberLabel, idValue)?.[1];
  const poNumber = labelled(lines, poLabel, poValue)?.[1];

  const dateAfter = (label: RegExp): string | null => {
    for (let i = 0; i < lines.length; i++) {
      const at = label.exec(lines[i]!);
      if (!at) continue;
      const rest = lines[i]!.slice(at.index + at[0].length);
      const found = datesIn(rest)[0] ?? (rest.trim() === '' ? datesIn(lines[i + 1] ?? '')[0] : undefined);
      if (found) return found;
    }
    return null;
  };
  const dueDate = dateAfter(dueDateLabel);
  let invoiceDate = dateAfter(invoiceDateLabel);
  if (!invoiceDate) invoiceDate = datesIn(text).find((d) => d !== dueDate) ?? null;

  let totalAmount: string | null = null;
  let currency: string | null = null;
  const moneyValue = new RegExp(
    String.raw`^\s*:?\s*(?:([A-Z]{3})\s*)?([$€£¥])?\s*${amountPattern}\s*([$€£¥]|[A-Z]{3}\b)?`,
  );
  for (const label of totalLabels) {
    // The last labelled total on the document: totals sit at the bottom, after any per-page subtotals.
    for (let i = lines.length - 1; i >= 0 && totalAmount === null; i--) {
      const line = lines[i]!;
      const at = label.exec(line);
      if (!at) continue;
      const rest = line.slice(at.index + at[0].length).replace(/^[^\d$€£¥A-Z]*/i, (p) => (/[A-Z]{3}/.test(p) ? p : ''));
      const m = moneyValue.exec(rest) ?? (rest.trim() === '' ? moneyValue.exec(lines[i + 1] ?? '') : null);
      const amount = m && amountOf(m[3]!);
      if (!m || !amount) continue;
      totalAmount = amount;
      const code = [m[1], m[4]].find((c) => c && currencySchema.safeParse(c).success);
      currency = code ?? (m[2] ? symbolCurrency[m[2]]! : m[4] ? (symbolCurrency[m[4]] ?? null) : null);
    }
    if (totalAmount !== null) break;
  }
  if (!currency) {
    const code = /\b(?:currency|währung)\s*:?\s*([A-Z]{3})\b/i.exec(text)?.[1]?.toUpperCase();
    if (code && currencySchema.safeParse(code).success) currency = code;
  }
  if (!currency) {
    const codes = [...text.matchAll(/\b(USD|EUR|GBP|CNY|TWD|HKD|JPY|CHF|CAD|AUD|SGD)\b/g)].map((m) => m[1]!);
    if (codes.length) currency = codes[0]!;
    else {
      const symbols = [...new Set([...text.matchAll(/[$€£]/g)].map((m) => symbolCurrency[m[0]]!))];
      if (symbols.length === 1) currency = symbols[0]!;
    }
  }

  return {
    invoiceNumber: invoiceNumber ? cleanId(invoiceNumber) : null,
    invoiceDate,
    dueDate,
    totalAmount,
    currency,
    poNumber: poNumber ? cleanId(poNumber) : null,
    ...matchVendor(text, vendors),
  };
}
