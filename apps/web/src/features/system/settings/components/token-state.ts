import dayjs from 'dayjs';
import type { ApiToken } from '@casedesk/shared';

export type TokenState = 'revoked' | 'expired' | 'active';

export function stateOf(token: ApiToken): TokenState {
  if (token.revokedAt) return 'revoked';
  return dayjs(token.expiresAt).isBefore(dayjs()) ? 'expired' : 'active';
}

export const stateColor: Record<TokenState, string> = { active: 'green', expired: 'default', revoked: 'red' };
