import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ImportTarget } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { rowsOf, type Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { targetsFor } from './import.service.js';
import { languageOf, type ImportLanguage } from './import.texts.js';

/**
 * `GET /api/Import/Template/{target}`: an empty workbook headed with the columns the target takes, each named by
 * its label in the user's language, as the import's header matching reads them back; required columns in bold.
 * A target the user may not write answers 404, as it is missing from their Targets.
 */
export async function importTemplate(
  db: Db,
  actor: Actor,
  target: ImportTarget,
  asked: ImportLanguage | undefined,
): Promise<{ name: string; data: Buffer }> {
  const [user] = asked
    ? []
    : await rowsOf<{ language: string }>(db, sql`select language from app_user where id = ${actor.userId}`);
  const language = asked ?? languageOf(user?.language);
  const info = (await targetsFor(db, actor)).find((t) => t.target === target);
  if (!info) throw notFound();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(target, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = info.fields.map((f) => ({
    header: f.labels[language],
    width: Math.max(14, f.labels[language].length * 2 + 4),
  }));
  info.fields.forEach((f, i) => {
    if (f.required) sheet.getRow(1).getCell(i + 1).font = { bold: true };
  });
  return { name: `${target}-template.xlsx`, data: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
