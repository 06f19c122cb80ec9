import { createHash } from 'node:crypto';

/**
 * A small PDF writer for test documents: real PDF 1.4 files with a text layer (standard Type 1 fonts,
 * WinAnsi encoding, so "€" and "ä" survive), pages with only an image (a scan), and the standard security
 * handler (RC4, 40 bits, revision 2) for an encrypted file. No dependency: the bytes are written here.
 */
export type PdfText = { x: number; y: number; text: string; size?: number; bold?: boolean };
export type PdfPage = { texts?: PdfText[]; image?: { width: number; height: number } };

const winAnsi: Record<string, number> = { '€': 0x80, '–': 0x96, '—': 0x97, '•': 0x95 };

function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = winAnsi[ch] ?? ch.charCodeAt(0);
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code < 32 || code > 126) out += `\\${(code & 0xff).toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out})`;
}

const padding = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let n = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}
const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const padPassword = (pw: string) => Buffer.concat([Buffer.from(pw, 'latin1'), padding]).subarray(0, 32);

/** Writes a PDF. `encrypt` uses the standard handler (R2): opening it asks for the user password. */
export function writePdf(pages: PdfPage[], options: { encrypt?: { user: string; owner: string } } = {}): Buffer {
  const objects: (string | { dict: string; stream: Buffer })[] = [];
  const add = (o: (typeof objects)[number]) => objects.push(o) && objects.length;
  const catalog = add('');
  const pagesId = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    let content = '';
    let xobject = '';
    if (page.image) {
      const { width, height } = page.image;
      // A grey "scan": noise-free stripes, enough for a viewer to show something.
      const pixels = Buffer.alloc(width * height);
      for (let i = 0; i < pixels.length; i++) pixels[i] = 200 + ((Math.floor(i / width) >> 3) % 2) * 40;
      const image = add({
        dict: `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${pixels.length} >>`,
        stream: pixels,
      });
      xobject = `/XObject << /Im1 ${image} 0 R >>`;
      content += `q 540 0 0 720 36 36 cm /Im1 Do Q\n`;
    }
    for (const t of page.texts ?? [])
      content += `BT /${t.bold ? 'F2' : 'F1'} ${t.size ?? 10} Tf ${t.x} ${t.y} Td ${pdfString(t.text)} Tj ET\n`;
    const body = Buffer.from(content, 'latin1');
    const contents = add({ dict: `<< /Length ${body.length} >>`, stream: body });
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> ${xobject} >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  const fileId = md5(Buffer.from(`casedesk-${pages.length}-${Math.random()}`));
  let encryptEntry = '';
  let keyOf: ((n: number) => Buffer) | undefined;
  if (options.encrypt) {
    const permissions = -44; // print, no modify/copy: typical of a locked invoice
    const ownerKey = md5(padPassword(options.encrypt.owner)).subarray(0, 5);
    const o = rc4(ownerKey, padPassword(options.encrypt.user));
    const p = Buffer.alloc(4);
    p.writeInt32LE(permissions);
    const key = md5(padPassword(options.encrypt.user), o, p, fileId).subarray(0, 5);
    const u = rc4(key, padding);
    const encrypt = add(
      `<< /Filter /Standard /V 1 /R 2 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P ${permissions} >>`,
    );
    encryptEntry = ` /Encrypt ${encrypt} 0 R`;
    keyOf = (n) => {
      const tail = Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, 0, 0]);
      return md5(key, tail).subarray(0, 10);
    };
  }

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  const push = (b: Buffer) => {
    chunks.push(b);
    length += b.length;
  };
  objects.forEach((o, index) => {
    const n = index + 1;
    offsets.push(length);
    if (typeof o === 'string') push(Buffer.from(`${n} 0 obj\n${o}\nendobj\n`, 'latin1'));
    else {
      const data = keyOf ? rc4(keyOf(n), o.stream) : o.stream;
      push(Buffer.from(`${n} 0 obj\n${o.dict}\nstream\n`, 'latin1'));
      push(data);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  });
  const xref = length;
  const size = objects.length + 1;
  push(
    Buffer.from(
      `xref\n0 ${size}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
        `trailer\n<< /Size ${size} /Root ${catalog} 0 R${encryptEntry} /ID [<${fileId.toString('hex')}> <${fileId.toString('hex')}>] >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}

/** Lines of text from the top of a page down, at a left margin; `[label, value]` pairs go in two columns. */
export function page(lines: (string | [string, string] | null)[], start = 740): PdfPage {
  const texts: PdfText[] = [];
  let y = start;
  for (const line of lines) {
    if (line === null) {
      y -= 10;
      continue;
    }
    if (typeof line === 'string') texts.push({ x: 56, y, text: line });
    else texts.push({ x: 56, y, text: line[0], bold: true }, { x: 330, y, text: line[1] });
    y -= 16;
  }
  return { texts };
}

/** A sample invoice document and what a careful person would key in from it. */
export type SampleInvoice = {
  file: string;
  pdf: Buffer;
  expected: {
    invoiceNumber: string;
    invoiceDate: string;
    dueDate: string | null;
    totalAmount: string;
    currency: string;
    poNumber: string | null;
    /** The vendor's name as the test creates it. */
    vendor: string;
  };
};

/** The sample vendors the documents come from (the test creates them with these names and addresses). */
export const sampleVendors = [
  { vendorCode: 'ACME', vendorName: 'Acme Office Supplies', emailAddress: 'billing@acme-office.example' },
  { vendorCode: 'NORD', vendorName: 'Nordlicht Technik GmbH', emailAddress: 'rechnung@nordlicht.example' },
  { vendorCode: 'BLUE', vendorName: 'Blue Harbor Logistics', emailAddress: 'ar@blueharbor.example' },
  { vendorCode: 'PINE', vendorName: 'Pinecrest Consulting LLC', emailAddress: 'accounts@pinecrest.example' },
  { vendorCode: 'LOTUS', vendorName: 'Lotus Print & Copy', emailAddress: null },
] as const;

/** Five layouts: US "Invoice No.", "Invoice #" with table totals, German "Rechnung", a two-page statement, a UK one. */
export function sampleInvoices(): SampleInvoice[] {
  return [
    {
      file: 'acme-INV-2026-0147.pdf',
      pdf: writePdf([
        page([
          'Acme Office Supplies',
          '1200 Market Street, Suite 400, Philadelphia, PA 19107',
          'billing@acme-office.example   (215) 555-0142',
          null,
          'INVOICE',
          ['Invoice No.', 'INV-2026-0147'],
          ['Invoice Date', '2026-11-03'],
          ['Due Date', '2026-12-03'],
          ['PO Number', 'PO-88123'],
          null,
          'Bill To: Casedesk Service Desk, 500 Example Avenue, Springfield',
          null,
          'Description                         Qty     Unit price       Amount',
          'Copy paper A4, 80 g (box of 5)       40         24.50       980.00',
          'Toner cartridge HP 59A                6        112.75       676.50',
          'Desk organiser, mesh                 12          8.99       107.88',
          null,
          ['Subtotal', '1,764.38'],
          ['Sales tax (8%)', '141.15'],
          ['Total Due', 'USD 1,905.53'],
          null,
          'Payment terms: Net 30. Please quote the invoice number with your payment.',
        ]),
      ]),
      expected: {
        invoiceNumber: 'INV-2026-0147',
        invoiceDate: '2026-11-03',
        dueDate: '2026-12-03',
        totalAmount: '1905.53',
        currency: 'USD',
        poNumber: 'PO-88123',
        vendor: 'Acme Office Supplies',
      },
    },
    {
      file: 'blue-harbor-58812.pdf',
      pdf: writePdf([
        page([
          'BLUE HARBOR LOGISTICS',
          'Pier 9, Oakland, CA 94607 - ar@blueharbor.example',
          null,
          'Invoice # 58812',
          'Date: 11/14/2026',
          'Payment due: 12/14/2026',
          'P.O. No.: 4500017723',
          null,
          'Shipment      Route                         Weight        Charge',
          'BH-77120      Oakland - Reno                2,400 kg      3,150.00',
          'BH-77121      Oakland - Sacramento          1,100 kg      1,480.00',
          'Fuel surcharge                                              385.25',
          null,
          'Subtotal                                                 5,015.25',
          'Amount Due                                             $5,015.25',
        ]),
      ]),
      expected: {
        invoiceNumber: '58812',
        invoiceDate: '2026-11-14',
        dueDate: '2026-12-14',
        totalAmount: '5015.25',
        currency: 'USD',
        poNumber: '4500017723',
        vendor: 'Blue Harbor Logistics',
      },
    },
    {
      file: 'nordlicht-rechnung-RE-24-1183.pdf',
      pdf: writePdf([
        page([
          'Nordlicht Technik GmbH - Hafenstraße 12 - 20457 Hamburg',
          'USt-IdNr. DE298765432 - rechnung@nordlicht.example',
          null,
          'Rechnung',
          ['Rechnungsnummer', 'RE-24-1183'],
          ['Rechnungsdatum', '25.11.2026'],
          ['Fällig am', '09.12.2026'],
          ['Bestellnummer', 'B-2026-318'],
          null,
          'Pos.  Bezeichnung                       Menge    Einzelpreis     Gesamt',
          '1     Wartung Serverraum (Stunden)         16        95,00 €   1.520,00 €',
          '2     Netzwerk-Switch 24 Port               2       410,00 €     820,00 €',
          null,
          ['Nettobetrag', '2.340,00 €'],
          ['MwSt. 19 %', '444,60 €'],
          ['Gesamtbetrag', '2.784,60 EUR'],
        ]),
      ]),
      expected: {
        invoiceNumber: 'RE-24-1183',
        invoiceDate: '2026-11-25',
        dueDate: '2026-12-09',
        totalAmount: '2784.60',
        currency: 'EUR',
        poNumber: 'B-2026-318',
        vendor: 'Nordlicht Technik GmbH',
      },
    },
    {
      file: 'pinecrest-statement.pdf',
      pdf: writePdf([
        page([
          'Pinecrest Consulting LLC',
          '77 Ridge Road, Denver, CO 80203',
          null,
          'Invoice Number: PC/2026/031',
          'Invoice Date: 25 Nov 2026',
          'Terms: Due on 25 Dec 2026',
          null,
          'Professional services, November 2026',
          'Week 45   Service desk process review          32.0 h    180.00     5,760.00',
          'Week 46   Workflow design workshops            24.0 h    180.00     4,320.00',
          'Page 1 of 2',
        ]),
        page([
          'Pinecrest Consulting LLC - Invoice PC/2026/031 (continued)',
          null,
          'Week 47   Approval workflow rollout            40.0 h    180.00     7,200.00',
          'Week 48   Training and hand-over                8.0 h    180.00     1,440.00',
          null,
          'Subtotal                                                          18,720.00',
          'Travel expenses                                                    1,254.30',
          'Total                                                      USD 19,974.30',
          null,
          'Remit to accounts@pinecrest.example. Page 2 of 2',
        ]),
      ]),
      expected: {
        invoiceNumber: 'PC/2026/031',
        invoiceDate: '2026-11-25',
        dueDate: '2026-12-25',
        totalAmount: '19974.30',
        currency: 'USD',
        poNumber: null,
        vendor: 'Pinecrest Consulting LLC',
      },
    },
    {
      file: 'lotus-print-0912.pdf',
      pdf: writePdf([
        page([
          'LOTUS PRINT & COPY',
          'Unit 4, Canal Wharf, Leeds LS11 5PS - VAT GB 123 4567 89',
          null,
          'Tax invoice',
          'Inv No: LP-0912',
          'Issued: November 18, 2026',
          'Your purchase order: PO 7731',
          null,
          '500 x brochures A5, 4/4 colour                                         £640.00',
          '200 x posters A2                                                       £310.00',
          null,
          'Net                                                                    £950.00',
          'VAT 20%                                                                £190.00',
          'Invoice total                                                        £1,140.00',
          'Payment within 14 days of the invoice date.',
        ]),
      ]),
      expected: {
        invoiceNumber: 'LP-0912',
        invoiceDate: '2026-11-18',
        dueDate: null,
        totalAmount: '1140.00',
        currency: 'GBP',
        poNumber: '7731',
        vendor: 'Lotus Print & Copy',
      },
    },
  ];
}

/** A "scanned" invoice: one page that is only an image, no text layer. */
export const scannedPdf = () => writePdf([{ image: { width: 60, height: 80 } }]);
/** An invoice locked with a user password (no one can read it without). */
export const encryptedPdf = () =>
  writePdf([page(['Invoice No. SECRET-1', 'Total Due USD 10.00'])], { encrypt: { user: 'secret', owner: 'owner' } });
/** 200 pages of text: only the first pages are read. */
export const longPdf = () =>
  writePdf(
    Array.from({ length: 200 }, (_, i) =>
      page([
        i === 0 ? 'Acme Office Supplies - billing@acme-office.example' : `Acme Office Supplies - continued`,
        i === 0 ? 'Invoice No. INV-LONG-200' : `Page ${i + 1} of 200`,
        i === 0 ? 'Invoice Date: 2026-10-01' : '',
        `Line ${i + 1}   Paper, box                              1       10.00       10.00`,
      ]),
    ),
  );
/** A PDF header followed by garbage: it claims to be a PDF but cannot be read. */
export const brokenPdf = () =>
  Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), Buffer.alloc(400, 0x41)]);
/** A Word-like text file named .pdf. */
export const notAPdf = () => Buffer.from('Invoice No. 42\nTotal 10.00\nThis is plain text, not a PDF.\n');
