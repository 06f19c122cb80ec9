import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { and, asc, eq, gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../platform/db.js';
import { recordWrittenFiles, storedFile, writeFileWith } from '../file/index.js';
import { importFileOwner } from './import-run.service.js';
import { importRunRefusal, type importRun } from './import.table.js';
import { languageOf, reasonText, type ImportLanguage } from './import.texts.js';

type RunRow = typeof importRun.$inferSelect;

/**
 * The error file: the refused rows as uploaded, with one more column saying why, in the starter's language;
 * an xlsx (or a UTF-8 csv for a csv upload), streamed from the refusal rows in chunks.
 */
export async function writeErrorFile(
  db: Db,
  run: RunRow,
  uploadName: string,
  importType: 'xlsx' | 'csv',
  columns: string[],
  language: string,
  dataDir: string,
  labelOf: (language: ImportLanguage) => (field: string) => string,
): Promise<number> {
  const lang = languageOf(language);
  const label = labelOf(lang);
  const header = [...columns, reasonText({ key: 'import.errorColumn' }, lang)];
  const base = uploadName.replace(/\.[^.]+$/, '');
  const chunks = async function* () {
    let after = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(importRunRefusal)
        .where(and(eq(importRunRefusal.runId, run.id), gt(importRunRefusal.rowNo, after)))
        .orderBy(asc(importRunRefusal.rowNo))
        .limit(1000);
      if (rows.length === 0) return;
      for (const r of rows) {
        const cells = [...r.cells];
        while (cells.length < columns.length) cells.push('');
        yield [...cells.slice(0, columns.length), reasonText(r.reason, lang, label)];
      }
      after = rows[rows.length - 1]!.rowNo;
    }
  };
  const written =
    importType === 'xlsx'
      ? await writeFileWith(
          dataDir,
          {
            name: `${base}-errors.xlsx`,
            fileType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
          async (path) => {
            const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
            const sheet = workbook.addWorksheet('Errors');
            sheet.addRow(header).commit();
            for await (const cells of chunks()) {
              const row = sheet.addRow(cells);
              // A row's problems stand one per line in the reason's cell.
              row.getCell(cells.length).alignment = { wrapText: true, vertical: 'top' };
              row.commit();
            }
            sheet.commit();
            await workbook.commit();
          },
        )
      : await writeFileWith(dataDir, { name: `${base}-errors.csv`, fileType: 'text/csv' }, async (path) => {
          const out = createWriteStream(path, { flags: 'wx' });
          const line = (cells: string[]) =>
            cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\r\n';
          out.write('\ufeff' + line(header));
          for await (const cells of chunks()) if (!out.write(line(cells))) await once(out, 'drain');
          out.end();
          await once(out, 'finish');
        });
  return db.transaction(async (tx) => {
    const [saved] = await recordWrittenFiles(tx, importFileOwner, run.id, [written]);
    await tx.update(storedFile).set({ createdBy: run.startedBy }).where(eq(storedFile.id, saved!.id));
    return saved!.id;
  });
}
