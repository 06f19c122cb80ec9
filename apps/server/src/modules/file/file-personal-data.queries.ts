import { asc, eq } from 'drizzle-orm';
import { fileStoreOf } from '../../platform/file-store.js';
import type { PersonalDataHolder } from '../../platform/personal-data.js';
import { storedFile } from './file.table.js';

/** The files a user uploaded (attachments, their photo), wherever they are stored; a row whose bytes are gone is left out. */
export const filePersonalData: PersonalDataHolder = {
  async files(q, userId, dataDir) {
    const rows = await q
      .select({ id: storedFile.id, name: storedFile.name, path: storedFile.path, sha256: storedFile.sha256 })
      .from(storedFile)
      .where(eq(storedFile.createdBy, userId))
      .orderBy(asc(storedFile.id));
    const store = fileStoreOf(dataDir);
    const present = await Promise.all(
      rows.map(async (row) =>
        (await store.has(row)) ? [{ id: row.id, name: row.name, open: () => store.get(row) }] : [],
      ),
    );
    return present.flat();
  },
};
