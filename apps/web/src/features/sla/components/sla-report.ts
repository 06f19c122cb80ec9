import type { SlaReport, SlaReportGroup, SlaReportRow } from '@casedesk/shared';
import { slaReportMaxDays } from '@casedesk/shared';
import { localeOf } from '../../../platform/format';

/** One line of the report's table: the server's row and the name a reader sees for its group. */
export type SlaReportLine = SlaReportRow & { label: string; total: boolean };

type Words = { total: string; noCategory: string };

const dayMs = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / dayMs;

/** The server's two rules on a period (both refused on `to`): its key under `messages.slaReport`, or null. */
export function periodProblem(from: string, to: string): 'endBeforeStart' | 'tooLong' | null {
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) return 'endBeforeStart';
  if (days > slaReportMaxDays) return 'tooLong';
  return null;
}

/** A month key ("2026-11") by its name in the reader's language: "November 2026", "2026年11月". */
export const monthName = (key: string, language?: string): string =>
  new Intl.DateTimeFormat(localeOf(language), { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${key}-01T00:00:00Z`),
  );

/** A group's name: the project or category as the server names it, "No category", a month by its name. */
export function groupLabel(row: SlaReportRow, groupBy: SlaReportGroup, words: Words, language?: string): string {
  if (row.key === null) return words.total;
  if (groupBy === 'month') return /^\d{4}-\d{2}$/.test(row.key) ? monthName(row.key, language) : row.key;
  if (row.key === 'none') return words.noCategory;
  return row.name ?? row.key;
}

/** The table's lines in the server's order, and the total for the summary row. */
export function reportLines(
  report: SlaReport,
  groupBy: SlaReportGroup,
  words: Words,
  language?: string,
): { lines: SlaReportLine[]; total: SlaReportLine } {
  return {
    lines: report.rows.map((row) => ({ ...row, label: groupLabel(row, groupBy, words, language), total: false })),
    total: { ...report.total, label: words.total, total: true },
  };
}
