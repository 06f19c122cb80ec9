import { describe, expect, it } from 'vitest';
import { messages } from '../shared-messages';
import { ApiError } from '../http/client';
import { isStaleRowVersion } from './failure';

const refusal = (status: number, text: string, messageKey?: string) =>
  new ApiError(text, status, status, null, 'http', { messageKey });

describe('a stale save', () => {
  it('is known by its message key, whatever the text says', () => {
    expect(isStaleRowVersion(refusal(409, messages.staleRowVersion, 'common.staleRowVersion'))).toBe(true);
    expect(isStaleRowVersion(refusal(409, '此记录已被他人修改。', 'common.staleRowVersion'))).toBe(true);
  });

  it('is not guessed from the English text, nor from another status', () => {
    expect(isStaleRowVersion(refusal(409, messages.staleRowVersion))).toBe(false);
    expect(isStaleRowVersion(refusal(409, messages.staleRowVersion, 'menu.nameTaken'))).toBe(false);
    expect(isStaleRowVersion(refusal(400, messages.staleRowVersion, 'common.staleRowVersion'))).toBe(false);
  });
});
