import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on loopback for the single sign-on tests, with a client registered for
 * the app's redirect URI. `tamper` makes the token endpoint answer an ID token whose payload was altered after
 * signing (its signature no longer matches), the way a relay between us and the provider could.
 */
export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims per subject; the provider's login form accepts any password for these. */
  accounts: Map<string, Record<string, unknown>>;
  options: { tamper: boolean; codeTtlSeconds: number };
  close: () => Promise<void>;
};

export async function startTestProvider(app: {
  redirectUri: string;
  postLogoutRedirectUri: string;
}): Promise<TestProvider> {
  const accounts = new Map<string, Record<string, unknown>>();
  const options = { tamper: false, codeTtlSeconds: 60 };
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'casedesk-test';
  const clientSecret = 'a-client-secret-for-tests-only-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [app.redirectUri],
        post_logout_redirect_uris: [app.postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    findAccount: (_ctx: unknown, sub: string) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
    },
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name', 'given_name', 'family_name'],
      email: ['email', 'email_verified'],
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: () => options.codeTtlSeconds },
    cookies: { keys: ['test-cookie-key'] },
  });
  const callback = provider.callback();
  handler = (req, res) => {
    if (options.tamper && req.method === 'POST' && req.url?.startsWith('/token')) tamperIdToken(res);
    callback(req, res);
  };
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    options,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Rewrites the ID token's subject after signing, keeping its length (so Content-Length still holds). */
function tamperIdToken(res: ServerResponse) {
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return end(chunk, ...rest);
    const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
    try {
      const body = JSON.parse(text) as { id_token?: string };
      if (body.id_token) {
        const [header, payload, signature] = body.id_token.split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { sub: string };
        claims.sub =
          [...claims.sub].reverse().join('') === claims.sub
            ? `${claims.sub.slice(1)}x`
            : [...claims.sub].reverse().join('');
        body.id_token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
        const altered = JSON.stringify(body);
        res.setHeader('content-length', Buffer.byteLength(altered));
        return end(altered, ...rest);
      }
    } catch {
      // Not JSON: passed on as it is.
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
}

/** A browser's cookie jar for one host (the provider's). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Goes through the provider's sign-in as a browser would: from the authorization URL, signs in as `sub` on its
 * login form, consents, and answers the URL the provider sends the browser back to (the app's callback).
 */
export async function signInAtProvider(authorizationUrl: string, sub: string, stopAt: string, jar = new CookieJar()) {
  let url = authorizationUrl;
  let method: 'GET' | 'POST' = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(stopAt)) return url;
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!prompt) throw new Error(`provider page without a form (${response.status}): ${html.slice(0, 500)}`);
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login: sub, password: 'any' } : { prompt });
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (action) url = new URL(action.replace(/&amp;/g, '&'), url).href;
  }
  throw new Error('too many steps at the provider');
}
