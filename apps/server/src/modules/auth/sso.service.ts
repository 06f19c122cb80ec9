import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import {
  composeFullName,
  loginReasons,
  msg,
  ssoMessages,
  type SsoError,
  type SsoMessage,
  type SsoTestResult,
  type ThirdPartySettings,
  type TokenData,
} from '@casedesk/shared';
import { writeAudit } from '../../platform/audit.js';
import { badRequest } from '../../platform/errors.js';
import { describeError, logMessage, writeLoginLog, writeSystemLog } from '../../platform/logs.js';
import { hashPassword } from '../../platform/passwords.js';
import { readSettings, readSsoClientSecret, ssoUrls } from '../setting/index.js';
import { appUser, userProject, userRole } from '../user/index.js';
import { userGroup, userGroupMember } from '../userGroup/index.js';
import type { AuthContext, ClientMeta } from './auth.service.js';
import { openSession } from './auth.service.js';
import { ssoFlow, ssoHandoff } from './auth.table.js';

/**
 * Single sign-on with OpenID Connect (docs/contract-sso.md): authorization code with PKCE; state, nonce and the
 * PKCE verifier kept here (never in the browser), single use and bound to the browser by a cookie; the ID token
 * validated by openid-client (issuer, audience, signature, expiry, nonce). Every refusal is a reason the sign-in
 * page shows in the user's language, written to the login log and the system log; none is a 500.
 */

/** The cookie binding a sign-in under way to the browser that started it. */
export const ssoCookieName = 'casedesk_sso';
const flowMinutes = 10;
const handoffSeconds = 120;
const discoveryCacheMs = 5 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

/** A refusal: why (shown to the user), and what the system log keeps. */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoError,
    readonly detail: string,
    readonly loginName?: string,
    readonly userId?: number,
  ) {
    super(detail);
  }
}

export { ssoUrls };

/** Plain http only to a provider on this machine (tests, development); anything else must be https. */
function issuerUrlOf(issuerUrl: string): { url: URL; insecure: boolean } {
  let url: URL;
  try {
    url = new URL(issuerUrl);
  } catch {
    throw new SsoRefusal('providerUnreachable', `invalid issuer URL ${issuerUrl}`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !loopback)
    throw new SsoRefusal('providerUnreachable', `issuer ${issuerUrl} is plain http and not on this machine`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SsoRefusal('providerUnreachable', `issuer ${issuerUrl} is not http(s)`);
  return { url, insecure: url.protocol === 'http:' };
}

async function discover(issuerUrl: string, clientId: string, secret: string | undefined) {
  const { url, insecure } = issuerUrlOf(issuerUrl);
  try {
    return await client.discovery(url, clientId, undefined, secret ? client.ClientSecretBasic(secret) : client.None(), {
      // Non-repudiation: the ID token's signature is checked too, not only trusted because it came over TLS.
      execute: insecure
        ? [client.allowInsecureRequests, client.enableNonRepudiationChecks]
        : [client.enableNonRepudiationChecks],
      timeout: 10,
    });
  } catch (error) {
    throw new SsoRefusal('providerUnreachable', `discovery of ${issuerUrl} failed: ${describeOidcError(error)}`);
  }
}

const discoveries = new Map<string, { at: number; config: client.Configuration }>();

type Configured = { settings: ThirdPartySettings; oidc: client.Configuration };

/** The settings and the provider's configuration, or a `notConfigured` refusal when single sign-on is off. */
async function configured(ctx: AuthContext): Promise<Configured> {
  const settings = (await readSettings(ctx.db)).thirdParty;
  if (!settings.enabled || !settings.issuerUrl || !settings.clientId)
    throw new SsoRefusal('notConfigured', 'single sign-on is turned off or not configured');
  const secret = await readSsoClientSecret(ctx.db);
  const key = [settings.issuerUrl, settings.clientId, secret ? sha256(secret) : ''].join('\n');
  const cached = discoveries.get(key);
  if (cached && Date.now() - cached.at < discoveryCacheMs) return { settings, oidc: cached.config };
  const oidc = await discover(settings.issuerUrl, settings.clientId, secret);
  discoveries.set(key, { at: Date.now(), config: oidc });
  return { settings, oidc };
}

function describeOidcError(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError)
    return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  if (error instanceof client.ResponseBodyError)
    return `${error.error}${error.error_description ? `: ${error.error_description}` : ''} (HTTP ${error.status})`;
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  const causeText = cause instanceof Error ? ` (${cause.message})` : '';
  return `${describeError(error)}${typeof code === 'string' ? ` [${code}]` : ''}${causeText}`;
}

/** Which refusal an error of the code exchange is. */
function refusalOfGrantError(error: unknown): SsoRefusal {
  const detail = describeOidcError(error);
  if (error instanceof client.AuthorizationResponseError) return new SsoRefusal('providerRefused', detail);
  if (error instanceof client.ResponseBodyError)
    return new SsoRefusal(error.error === 'invalid_grant' ? 'codeInvalid' : 'providerRefused', detail);
  const cause = (error as { cause?: unknown }).cause;
  if (error instanceof TypeError || (cause instanceof Error && /fetch failed|ECONNREFUSED/i.test(cause.message)))
    return new SsoRefusal('providerUnreachable', detail);
  return new SsoRefusal('tokenInvalid', detail);
}

/** What the sign-in page shows: the button appears only when single sign-on is on and configured. */
export async function ssoLoginMessage(ctx: AuthContext): Promise<SsoMessage> {
  const settings = (await readSettings(ctx.db)).thirdParty;
  if (!settings.enabled || !settings.issuerUrl || !settings.clientId) return { configured: false, buttonText: null };
  return { configured: true, buttonText: settings.buttonText };
}

/** Settings → Third-party → Test: reads the issuer's discovery document and tells what it found. */
export async function testIssuer(issuerUrl: string): Promise<SsoTestResult> {
  try {
    const oidc = await discover(issuerUrl, 'casedesk-test', undefined);
    const m = oidc.serverMetadata();
    return {
      issuer: m.issuer,
      authorizationEndpoint: m.authorization_endpoint ?? null,
      tokenEndpoint: m.token_endpoint ?? null,
      endSessionEndpoint: m.end_session_endpoint ?? null,
      jwksUri: m.jwks_uri ?? null,
      scopesSupported: m.scopes_supported ?? [],
      pkceS256: m.supportsPKCE('S256'),
    };
  } catch (error) {
    const detail = error instanceof SsoRefusal ? error.detail : describeOidcError(error);
    throw badRequest(msg(ssoMessages, 'discoveryFailed', { reason: detail.slice(0, 300) }));
  }
}

/** Writes a refusal to the login log and the system log. */
export async function logRefusal(ctx: AuthContext, refusal: SsoRefusal, meta: ClientMeta) {
  await writeLoginLog(ctx.db, {
    loginName: (refusal.loginName ?? '(single sign-on)').slice(0, 100),
    userId: refusal.userId ?? null,
    result: 'Failed',
    says: logMessage('ssoRefusedReason', { reason: msg(ssoMessages, refusal.reason) }),
    ip: meta.ip,
    userAgent: meta.userAgent ?? null,
  });
  await writeSystemLog(ctx.db, {
    level: 'warn',
    source: 'sso',
    says: logMessage('ssoRefused', {
      reason: msg(ssoMessages, refusal.reason),
      detail: refusal.detail.slice(0, 2000),
    }),
    userId: refusal.userId ?? null,
    detail: { reason: refusal.reason, ip: meta.ip },
  });
}

/** `SSOLogin`: a new flow, and the provider's authorization URL to send the browser to. */
export async function startSsoLogin(ctx: AuthContext): Promise<{ location: string; browserKey: string }> {
  const { settings, oidc } = await configured(ctx);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const browserKey = newSecret();
  await ctx.db.delete(ssoFlow).where(lt(ssoFlow.expiresAt, sql`now()`));
  await ctx.db.insert(ssoFlow).values({
    state,
    nonce,
    codeVerifier,
    browserKeyHash: sha256(browserKey),
    expiresAt: new Date(Date.now() + flowMinutes * 60_000),
  });
  const url = client.buildAuthorizationUrl(oidc, {
    redirect_uri: ssoUrls(ctx.config).redirectUri,
    scope: settings.scopes,
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { location: url.href, browserKey };
}

type SsoUser = typeof appUser.$inferSelect;

const stringClaim = (claims: Record<string, unknown>, name: string) => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** The user this sign-in is: by user name, then by e-mail; created on first sign-in when the settings say so. */
async function findOrCreateUser(
  ctx: AuthContext,
  settings: ThirdPartySettings,
  userName: string,
  email: string | undefined,
  claims: Record<string, unknown>,
): Promise<SsoUser> {
  // Deleted users too: a deleted user's name is refused, never taken over by a new account.
  const [byName] = await ctx.db
    .select()
    .from(appUser)
    .where(sql`lower(${appUser.loginName}) = lower(${userName})`);
  if (byName) return byName;
  if (email) {
    const byEmail = await ctx.db
      .select()
      .from(appUser)
      .where(and(sql`lower(${appUser.email}) = lower(${email})`, isNull(appUser.deletedAt)))
      .limit(2);
    // Only an unambiguous e-mail links: two users sharing it would make the choice a guess.
    if (byEmail.length === 1) return byEmail[0]!;
    if (byEmail.length > 1)
      throw new SsoRefusal('noSuchUser', `e-mail ${email} belongs to several users; none is linked`, userName);
  }
  if (settings.userMode !== 'create' || settings.defaultRoleId === null)
    throw new SsoRefusal('noSuchUser', `no user named ${userName} or with e-mail ${email ?? '(none)'}`, userName);
  if (userName.length > 100) throw new SsoRefusal('claimMissing', 'the user name claim is longer than 100', userName);

  // The password is random and never told: this user signs in through the provider only (until an admin sets one).
  const passwordHash = await hashPassword(`${newSecret()}aA!`);
  const realName = stringClaim(claims, 'given_name') ?? stringClaim(claims, 'name') ?? userName;
  const lastName = stringClaim(claims, 'family_name') ?? null;
  const roleId = settings.defaultRoleId;
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appUser)
      .values({
        loginName: userName,
        passwordHash,
        realName: realName.slice(0, 100),
        lastName,
        fullName: composeFullName(realName, lastName).slice(0, 200),
        email: email ?? null,
        passwordChangedAt: sql`now()`,
        remark: 'Created by single sign-on',
      })
      .onConflictDoNothing()
      .returning({ id: appUser.id });
    if (!row) return undefined;
    await tx.insert(userRole).values({ userId: row.id, roleId });
    if (settings.defaultProjectIds.length)
      await tx
        .insert(userProject)
        .values(settings.defaultProjectIds.map((projectId) => ({ userId: row.id, projectId })));
    const [fallback] = await tx.select({ id: userGroup.id }).from(userGroup).where(eq(userGroup.isDefault, true));
    if (fallback) await tx.insert(userGroupMember).values({ userId: row.id, groupId: fallback.id });
    await writeAudit(tx, {
      entity: 'User',
      entityId: row.id,
      action: 'create',
      actorId: null,
      changes: { loginName: { from: null, to: userName }, source: { from: null, to: 'single sign-on' } },
    });
    return row.id;
  });
  // Someone else created the name in between: that user is the one, under the same checks.
  const [user] = await ctx.db
    .select()
    .from(appUser)
    .where(id ? eq(appUser.id, id) : sql`lower(${appUser.loginName}) = lower(${userName})`);
  if (!user) throw new SsoRefusal('noSuchUser', `user ${userName} could not be created`, userName);
  return user;
}

/**
 * `SSOCallback`: checks the flow (state, browser), exchanges the code (PKCE, nonce, ID token), finds the user and
 * answers a one-time code for the sign-in page, never the tokens.
 */
export async function finishSsoLogin(
  ctx: AuthContext,
  query: string,
  browserKey: string | undefined,
): Promise<{ code: string }> {
  const params = new URLSearchParams(query);
  const state = params.get('state');
  if (!state || !browserKey) throw new SsoRefusal('stateInvalid', state ? 'no browser cookie' : 'no state');
  // Single use: marked used before anything else, and only for the browser that started it.
  const [flow] = await ctx.db
    .update(ssoFlow)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(ssoFlow.state, state),
        eq(ssoFlow.browserKeyHash, sha256(browserKey)),
        isNull(ssoFlow.usedAt),
        sql`${ssoFlow.expiresAt} > now()`,
      ),
    )
    .returning();
  if (!flow) throw new SsoRefusal('stateInvalid', 'unknown, expired, used or another browser’s state');

  const { settings, oidc } = await configured(ctx);
  const currentUrl = new URL(ssoUrls(ctx.config).redirectUri);
  currentUrl.search = params.toString();
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(oidc, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw refusalOfGrantError(error);
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new SsoRefusal('tokenInvalid', 'no ID token');
  let claims: Record<string, unknown> = { ...idClaims };
  // Providers often give profile claims from userinfo only; it must be about the same subject.
  if (!stringClaim(claims, settings.userNameClaim) || !stringClaim(claims, settings.emailClaim)) {
    try {
      const info = await client.fetchUserInfo(oidc, tokens.access_token, idClaims.sub);
      claims = { ...info, ...claims };
    } catch (error) {
      throw refusalOfGrantError(error);
    }
  }
  const userName = stringClaim(claims, settings.userNameClaim);
  if (!userName) throw new SsoRefusal('claimMissing', `claim ${settings.userNameClaim} missing (sub ${idClaims.sub})`);
  const email = stringClaim(claims, settings.emailClaim);
  const user = await findOrCreateUser(ctx, settings, userName, email, claims);
  if (user.deletedAt || user.lockedAt || user.status !== 'Active')
    throw new SsoRefusal(
      'userInactive',
      `user ${user.loginName} is ${user.deletedAt ? 'deleted' : user.lockedAt ? 'locked' : 'inactive'}`,
      user.loginName,
      user.id,
    );
  const code = newSecret();
  await ctx.db.insert(ssoHandoff).values({
    codeHash: sha256(code),
    browserKeyHash: flow.browserKeyHash,
    userId: user.id,
    idToken: tokens.id_token ?? null,
    expiresAt: new Date(Date.now() + handoffSeconds * 1000),
  });
  return { code };
}

/** `SSOExchange`: the one-time code (from the same browser) for the session's tokens, as Login gives them. */
export async function exchangeSsoCode(
  ctx: AuthContext,
  code: string,
  browserKey: string | undefined,
  meta: ClientMeta,
): Promise<TokenData> {
  const [handoff] = browserKey
    ? await ctx.db
        .update(ssoHandoff)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(ssoHandoff.codeHash, sha256(code)),
            eq(ssoHandoff.browserKeyHash, sha256(browserKey)),
            isNull(ssoHandoff.usedAt),
            sql`${ssoHandoff.expiresAt} > now()`,
          ),
        )
        .returning()
    : [];
  if (!handoff) {
    await logRefusal(ctx, new SsoRefusal('codeInvalid', 'unknown, expired, used or another browser’s code'), meta);
    throw badRequest(msg(ssoMessages, 'codeInvalid'));
  }
  await ctx.db.delete(ssoHandoff).where(lt(ssoHandoff.expiresAt, sql`now() - interval '1 day'`));
  const [user] = await ctx.db.select().from(appUser).where(eq(appUser.id, handoff.userId));
  // Deactivated in the two minutes since the callback: refused all the same.
  if (!user || user.deletedAt || user.lockedAt || user.status !== 'Active') {
    const refusal = new SsoRefusal('userInactive', 'user became inactive', user?.loginName, handoff.userId);
    await logRefusal(ctx, refusal, meta);
    throw badRequest(msg(ssoMessages, 'userInactive'));
  }
  return openSession(ctx, user, meta, { ssoIdToken: handoff.idToken ?? '', message: loginReasons.singleSignOn });
}

/** Where the browser goes to end the provider's session too, when the provider can (RP-initiated logout). */
export async function endSessionUrl(ctx: AuthContext, idToken: string | null): Promise<string | null> {
  try {
    const { settings, oidc } = await configured(ctx);
    if (!oidc.serverMetadata().end_session_endpoint) return null;
    const params: Record<string, string> = {
      client_id: settings.clientId,
      post_logout_redirect_uri: ssoUrls(ctx.config).postLogoutRedirectUri,
    };
    if (idToken) params.id_token_hint = idToken;
    return client.buildEndSessionUrl(oidc, params).href;
  } catch (error) {
    // Our session has ended either way; the provider's stays (logged).
    await writeSystemLog(ctx.db, {
      level: 'warn',
      source: 'sso',
      says: logMessage('ssoLogoutUnreachable', { error: describeOidcError(error).slice(0, 2000) }),
    });
    return null;
  }
}
