import { asc, eq } from 'drizzle-orm';
import type { PersonalDataHolder } from '../../platform/personal-data.js';
import { apiToken } from './api-token.table.js';

/** A user's personal tokens, never their hash; an erased user's tokens are gone. */
export const apiTokenPersonalData: PersonalDataHolder = {
  async rows(q, userId) {
    const apiTokens = await q
      .select({
        id: apiToken.id,
        name: apiToken.name,
        prefix: apiToken.prefix,
        createdAt: apiToken.createdAt,
        expiresAt: apiToken.expiresAt,
        lastUsedAt: apiToken.lastUsedAt,
        revokedAt: apiToken.revokedAt,
      })
      .from(apiToken)
      .where(eq(apiToken.userId, userId))
      .orderBy(asc(apiToken.id));
    return { apiTokens };
  },
  async erase(tx, userId) {
    await tx.delete(apiToken).where(eq(apiToken.userId, userId));
  },
};
