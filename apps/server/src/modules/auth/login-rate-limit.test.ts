import { describe, expect, it } from 'vitest';
import { messages } from '@casedesk/shared';
import { createUser, useTestApp, userRow } from '../../../test/helpers.js';

const limit = 3;
const ctx = useTestApp({ loginRateLimitMax: limit });
const tooMany = { resultCode: 429, resultMsg: 'Too many requests, please try again later.', data: null };

const attempt = (userName: string, ip: string, password = 'Wrong@pass1') =>
  ctx.call('POST', '/api/token/Login', { body: { userName, password }, remoteAddress: ip });

describe('Login rate limit', () => {
  it(`answers 429 to the attempt after ${limit} on one user name, whatever address it comes from`, async () => {
    const user = await createUser(ctx);
    for (let i = 1; i <= limit; i++) {
      const response = await attempt(user.loginName, `10.1.0.${i}`);
      expect(response.status, response.raw).toBe(400);
    }
    const refused = await attempt(user.loginName.toUpperCase(), '10.1.0.99', user.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(tooMany);
    expect(messages.tooManyRequests).toBe(tooMany.resultMsg);
    // A refused attempt never reached the password check: it does not count as a failed sign-in.
    expect((await userRow(ctx, user.id)).errorCount).toBe(limit);

    // Another user name from a fresh address is served.
    const other = await createUser(ctx);
    const served = await attempt(other.loginName, '10.1.0.100', other.password);
    expect(served.status, served.raw).toBe(200);
  });

  it(`answers 429 to the attempt after ${limit} from one address, whatever user name it names`, async () => {
    for (let i = 1; i <= limit; i++) {
      const response = await attempt(`someone_${i}`, '10.2.0.1');
      expect(response.status, response.raw).toBe(400);
    }
    const refused = await attempt('someone_else', '10.2.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(tooMany);
  });
});
