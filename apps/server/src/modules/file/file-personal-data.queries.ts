import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { PersonalDataHolder } from '../../platform/personal-data.js';
import { filesDir } from './file.service.js';
import { storedFile } from './file.table.js';

/** The files a user uploaded (attachments, their photo); a row whose file is gone from the disk is left out. */
export const filePersonalData: PersonalDataHolder = {
  async files(q, userId, dataDir) {
    const rows = await q
      .select({ id: storedFile.id, name: storedFile.name, path: storedFile.path })
      .from(storedFile)
      .where(eq(storedFile.createdBy, userId))
      .orderBy(asc(storedFile.id));
    const present = await Promise.all(
      rows.map(async (row) => {
        const path = join(filesDir(dataDir), row.path);
        const found = await access(path).then(
          () => true,
          () => false,
        );
        return found ? [{ id: row.id, name: row.name, open: () => createReadStream(path) }] : [];
      }),
    );
    return present.flat();
  },
};
