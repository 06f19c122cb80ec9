import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';

/**
 * Data Management (`/dataManagement`, issue 15 item 2): every module's export in one place, retention rules,
 * the embedded database's backup. Archived tickets are the ticket module's (`ticketArchiveSchema`).
 */

/** `GET /api/DataManagement/Exports`: one row per resource whose `POST /api/<resource>/Export` the user may call. */
export const dataExportSchema = z.object({
  /** The resource name of contract section 6 (`Ticket`, `Vendor`, ...). */
  resource: z.string(),
  /** Its permission module (`<module>:export`). */
  module: z.string(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** `GET /api/DataManagement/Info`: which database the server runs on, and so which backup applies. */
export const dataManagementInfoSchema = z.object({
  database: z.enum(['embedded', 'postgres']),
  /** The embedded database can be downloaded (`GET /api/DataManagement/Backup`). */
  backup: z.boolean(),
  /** With DATABASE_URL: the pg_dump command to run instead (no password in it). */
  pgDumpCommand: z.string().nullable(),
  /** Uploaded files are in the backup too (DATA_DIR/files). */
  includesFiles: z.boolean(),
});
export type DataManagementInfo = z.infer<typeof dataManagementInfoSchema>;

/** Retention rules as Data Management shows them: the log group's days and the retention group's months. */
export const dataRetentionSchema = z.object({
  /** Settings → Logs `daysToKeep` (the nightly log-retention job). */
  logDaysToKeep: z.number().int().min(1).max(3650),
  /** Closed and cancelled tickets closed longer ago than this go to the archive (the `ticket.archive` job); 0 = off. */
  archiveClosedAfterMonths: z.number().int().min(0).max(600),
  /** rowVersion of the setting group `log` (0 = never saved). */
  logRowVersion: z.number().int().min(0),
  /** rowVersion of the setting group `retention` (0 = never saved). */
  rowVersion: z.number().int().min(0),
});
export type DataRetention = z.infer<typeof dataRetentionSchema>;
/** `POST /api/DataManagement/Retention`: both groups in one transaction; a stale rowVersion of either → 409. */
export const dataRetentionSaveSchema = dataRetentionSchema.strict();
export type DataRetentionSave = z.infer<typeof dataRetentionSaveSchema>;

export const dataManagementMessages = defineMessages('dataManagement', {
  backupNotEmbedded: 'The server runs on PostgreSQL (DATABASE_URL): back it up with pg_dump.',
} as const);
