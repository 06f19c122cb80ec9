// Text extraction time per PDF page, with the indexing module's own function (`readPdfText`: unpdf / pdf.js,
// text layer only) on the sample documents its tests use (apps/server/test/invoice-pdfs.ts): a one-page and a
// two-page invoice; a generated statement of 5 pages (40 lines each) read as the module reads it (at most
// `indexMaxPages` pages), and the same statement with BENCH_FIN_PDF_PAGES pages (default 50) read with the
// page cap raised to all its pages (the function's `limits` argument), for the cost per page at length.
// Each document is read BENCH_FIN_PDF_RUNS times (default 15) after two warm-up reads, interleaved; the median
// and the minimum are reported, and the median per page read.
// Run alone: npm run bench:finance:extract -w bench
import { indexMaxPages } from '@casedesk/shared';
import { readPdfText } from '../../apps/server/src/modules/invoice/invoice-indexing.proposals.js';
import { page, sampleInvoices, writePdf } from '../../apps/server/test/invoice-pdfs.js';
import { positiveEnv } from '../src/lib.js';

export type ExtractionResult = {
  documents: { name: string; pages: number; bytes: number; runs: number; medianMs: number; minMs: number }[];
  pageCap: number;
};

/** A statement of `pages` pages, 40 lines of text each (a dense invoice annex). */
export function multiPagePdf(pages: number) {
  return writePdf(
    Array.from({ length: pages }, (_, p) =>
      page(
        Array.from({ length: 40 }, (_, l) =>
          l === 0
            ? `Blue Harbor Logistics - statement INV-2026-${String(p + 1).padStart(4, '0')} - page ${p + 1} of ${pages}`
            : `${String(p * 40 + l).padStart(5, '0')}  2026-10-${String(1 + (l % 28)).padStart(2, '0')}  Freight Rotterdam-Shanghai, container ${l}   1   ${(l * 37.25).toFixed(2)}`,
        ),
        770,
      ),
    ),
  );
}

export async function measureExtraction(log: (...args: unknown[]) => void = console.log): Promise<ExtractionResult> {
  const pages = positiveEnv('BENCH_FIN_PDF_PAGES', 50);
  const runs = positiveEnv('BENCH_FIN_PDF_RUNS', 15);
  const samples = sampleInvoices();
  const docs = [
    ...[samples[0], samples.find((s) => /statement|two/i.test(s.file)) ?? samples[1]]
      .filter((s) => s !== undefined)
      .map((s) => ({ name: s.file, pdf: s.pdf, cap: indexMaxPages })),
    { name: `statement, ${indexMaxPages} pages (generated)`, pdf: multiPagePdf(indexMaxPages), cap: indexMaxPages },
    { name: `statement, ${pages} pages (generated, page cap raised)`, pdf: multiPagePdf(pages), cap: pages },
  ];
  const times = new Map<string, number[]>();
  const pageCount = new Map<string, number>();
  for (const doc of docs) {
    // Warm-up: pdf.js's first load compiles a lot.
    for (let i = 0; i < 2; i++) {
      const read = await readPdfText(doc.pdf, { pages: doc.cap, ms: 60_000 });
      if (read.error) throw new Error(`${doc.name}: ${read.error}`);
      pageCount.set(doc.name, Math.min(read.pages ?? 0, doc.cap));
    }
    times.set(doc.name, []);
  }
  for (let r = 0; r < runs; r++)
    for (const doc of docs) {
      const started = performance.now();
      await readPdfText(doc.pdf, { pages: doc.cap, ms: 60_000 });
      times.get(doc.name)!.push(performance.now() - started);
    }
  const documents = docs.map((doc) => {
    const t = times.get(doc.name)!.sort((a, b) => a - b);
    return {
      name: doc.name,
      pages: pageCount.get(doc.name)!,
      bytes: doc.pdf.length,
      runs,
      medianMs: t[Math.floor(t.length / 2)]!,
      minMs: t[0]!,
    };
  });
  for (const d of documents)
    log(
      `text extraction ${d.name}: ${d.pages} page(s), median ${d.medianMs.toFixed(1)} ms, ${(d.medianMs / d.pages).toFixed(2)} ms/page`,
    );
  return { documents, pageCap: indexMaxPages };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').slice(-2).join('/'))) {
  const result = await measureExtraction();
  console.log(JSON.stringify(result, null, 2));
}
