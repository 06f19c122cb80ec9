import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '@casedesk/shared';
import { openTestDatabase } from '../../../test/database.js';
import { authTokenFactory, createCaller, createUser, testConfig, type Caller } from '../../../test/helpers.js';
import { buildApp, logRedactions, type App } from '../../app.js';
import type { Database } from '../../db/database.js';
import { loadServerKeys } from '../../platform/secrets.js';

/** The server's own log output, as written by pino at its most verbose, with the production redactions. */
describe('secrets never reach the log', () => {
  const lines: string[] = [];
  let database: Database;
  let built: App;
  let call: Caller;
  let newAuthToken: ReturnType<typeof authTokenFactory>;

  beforeAll(async () => {
    database = await openTestDatabase();
    built = await buildApp({
      config: testConfig({ logLevel: 'trace' }),
      database,
      logger: { level: 'trace', redact: logRedactions, stream: { write: (line: string) => void lines.push(line) } },
    });
    await built.app.ready();
    newAuthToken = authTokenFactory((await loadServerKeys(database.db)).authTokenPublicKey);
    call = createCaller(built.app, newAuthToken);
  });
  afterAll(async () => {
    await built?.app.close();
    await database?.close();
  });

  it('holds no password, access token, refresh token or Auth-Token header', async () => {
    const user = await createUser({ db: database.db }, { password: 'Secret@Pass77' });
    const secrets: string[] = [user.password, 'Wrong@Secret88'];
    const authToken = () => {
      const header = newAuthToken();
      secrets.push(header);
      return header;
    };

    const failed = await call('POST', '/api/token/Login', {
      body: { userName: user.loginName, password: 'Wrong@Secret88' },
      authToken: authToken(),
    });
    expect(failed.status).toBe(400);
    const signedIn = await call('POST', '/api/token/Login', {
      body: { userName: user.loginName, password: user.password },
      authToken: authToken(),
    });
    expect(signedIn.status, signedIn.raw).toBe(200);
    const first = signedIn.body.data as TokenData;
    secrets.push(first.token, first.refreshToken);

    const refreshed = await call('POST', '/api/token/RefreshToken', {
      body: { token: first.refreshToken, userName: user.loginName },
      authToken: authToken(),
    });
    expect(refreshed.status, refreshed.raw).toBe(200);
    const second = refreshed.body.data as TokenData;
    secrets.push(second.token, second.refreshToken);

    const info = await call('GET', '/api/token/GetMyInfo', { token: second.token, authToken: authToken() });
    expect(info.status, info.raw).toBe(200);
    const change = await call('POST', '/api/token/ResetInitPassword', {
      token: second.token,
      authToken: authToken(),
      body: { oldPassword: user.password, newPassword: 'Newer@Pass99', confirmPassword: 'Newer@Pass99' },
    });
    expect(change.status, change.raw).toBe(200);
    secrets.push('Newer@Pass99');
    const reused = await call('POST', '/api/token/RefreshToken', {
      body: { token: first.refreshToken, userName: user.loginName },
      authToken: authToken(),
    });
    expect(reused.status).toBe(401);
    // The chain is revoked now: this one is refused, its token in the header still must not show.
    const afterReuse = await call('GET', '/api/token/TokenCheck', { token: second.token, authToken: authToken() });
    expect(afterReuse.status).toBe(401);

    const output = lines.join('');
    // The log did record these requests, so finding no secret in it means something.
    expect(output).toContain('/api/token/Login');
    expect(output).toContain('/api/token/RefreshToken');
    expect(output).toContain('/api/token/GetMyInfo');
    for (const secret of secrets) {
      expect(output.includes(secret), `secret ${secret.slice(0, 12)}… in the log`).toBe(false);
      // Nor a recognisable piece of a long one (tokens are logged whole or not at all, but be sure).
      if (secret.length > 60) expect(output.includes(secret.slice(-40))).toBe(false);
    }
  });
});
