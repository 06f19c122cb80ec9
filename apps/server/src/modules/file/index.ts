// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './file.table.js';
export {
  claimFiles,
  discardUploads,
  dropFiles,
  fileUrlOf,
  registerFileOwner,
  removeStoredFiles,
} from './file.service.js';
// Uploads under another route (open item attachments, UploadV2): the same checks and limits.
export { multipartLimits, receiveUploads } from './file.routes.js';
// Files a job receives (incoming mail): written before the transaction, recorded inside it.
export { readStoredFile, recordWrittenFiles, writeReceivedFile, type WrittenFile } from './file.service.js';
// Imports read an upload as a stream from where it is stored; the backup packs the stored files.
export { filesDir } from './file.service.js';
// Uploads another module receives itself (invoice indexing): the same checks, storage and all-or-none cleanup.
export { fileTooLarge, saveUpload } from './file.service.js';
// Big uploads streamed to disk (import sheets), with the caller's own checks and size cap.
export { saveStreamedUpload, writeFileWith } from './file.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { fileSweepHandler } from './file.jobs.js';
import { filePersonalData } from './file-personal-data.queries.js';
import { registerFileRoutes } from './file.routes.js';
import * as tables from './file.table.js';

export const fileModule: ModuleManifest = {
  name: 'file',
  tables: { ...tables },
  register: (app, ctx) => registerFileRoutes(app, ctx.db, ctx.config.dataDir),
  jobs: {
    handlers: [fileSweepHandler],
    defaults: [
      {
        name: 'Remove unused file contents',
        jobGroup: 'system',
        className: fileSweepHandler.className,
        cron: '0 17 * * * ?',
        isStart: true,
        remark: 'Removes file contents held in the database or in S3 that no file has pointed at for an hour.',
      },
    ],
  },
  personalData: filePersonalData,
};
