import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { msg, twoFactorMessages, type PasskeyRegister, type PasskeyRename, type PasskeyRow } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { readSettings } from '../setting/index.js';
import { appUser } from '../user/index.js';
import { authChallenge, userPasskey } from './auth.table.js';
import { openChallenge } from './second-factor.service.js';

/** Where passkeys belong: the site people open (`SYSTEM_URL`); a passkey made for another origin is refused. */
export function relyingParty(config: Pick<Config, 'systemUrl' | 'port'>) {
  const url = new URL(config.systemUrl ?? `http://localhost:${config.port}`);
  return { rpID: url.hostname, origin: url.origin };
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** My account → add a passkey: the browser's creation options; their challenge is kept for `passkeyRegister`. */
export async function passkeyRegistrationOptions(db: Db, config: Config, actor: Actor) {
  const { rpID } = relyingParty(config);
  const [user] = await db.select().from(appUser).where(eq(appUser.id, actor.userId));
  if (!user) throw notFound();
  const existing = await db.select().from(userPasskey).where(eq(userPasskey.userId, actor.userId));
  const options = await generateRegistrationOptions({
    rpName: (await readSettings(db)).basic.productTitle,
    rpID,
    userName: user.loginName,
    userDisplayName: user.fullName ?? user.loginName,
    userID: new TextEncoder().encode(`casedesk-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await openChallenge(db, actor.userId, 'passkey', options.challenge);
  return options as unknown as Record<string, unknown>;
}

/** Checks the browser's new credential against a challenge of this user's; keeps its public key. */
export async function passkeyRegister(
  db: Db,
  config: Config,
  actor: Actor,
  input: PasskeyRegister,
): Promise<PasskeyRow> {
  const { rpID, origin } = relyingParty(config);
  const challenges = await db
    .select({ webauthn: authChallenge.webauthn, hash: authChallenge.challengeHash })
    .from(authChallenge)
    .where(
      and(
        eq(authChallenge.userId, actor.userId),
        eq(authChallenge.kind, 'passkey'),
        isNull(authChallenge.usedAt),
        sql`${authChallenge.expiresAt} > now()`,
      ),
    );
  let taken: string | undefined;
  const verified = await verifyRegistrationResponse({
    response: input.response as unknown as RegistrationResponseJSON,
    expectedChallenge: (challenge) => {
      taken = challenges.find((c) => c.webauthn === challenge)?.hash;
      return taken !== undefined;
    },
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verified?.verified || !taken) throw badRequest(msg(twoFactorMessages, 'passkeyRefused'));
  const { credential } = verified.registrationInfo;
  return db.transaction(async (tx) => {
    const used = await tx
      .update(authChallenge)
      .set({ usedAt: sql`now()` })
      .where(and(eq(authChallenge.challengeHash, taken!), isNull(authChallenge.usedAt)))
      .returning({ userId: authChallenge.userId });
    if (used.length === 0) throw badRequest(msg(twoFactorMessages, 'passkeyRefused'));
    const [row] = await tx
      .insert(userPasskey)
      .values({
        userId: actor.userId,
        credentialId: credential.id,
        publicKey: base64url(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw badRequest(msg(twoFactorMessages, 'passkeyRefused'));
    await writeAudit(tx, {
      entity: 'User',
      entityId: actor.userId,
      action: 'update',
      actorId: actor.userId,
      changes: { passkey: { from: null, to: input.name } },
    });
    return rowOf(row);
  });
}

const rowOf = (p: typeof userPasskey.$inferSelect): PasskeyRow => ({
  id: p.id,
  name: p.name,
  createdAt: new Date(p.createdAt).toISOString(),
  lastUsedAt: p.lastUsedAt ? new Date(p.lastUsedAt).toISOString() : null,
});

export async function passkeyRename(db: Db, actor: Actor, input: PasskeyRename): Promise<PasskeyRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(userPasskey)
      .where(and(eq(userPasskey.id, input.id), eq(userPasskey.userId, actor.userId)));
    if (!before) throw notFound();
    const [row] = await tx
      .update(userPasskey)
      .set({ name: input.name })
      .where(eq(userPasskey.id, input.id))
      .returning();
    await writeAudit(tx, {
      entity: 'User',
      entityId: actor.userId,
      action: 'update',
      actorId: actor.userId,
      changes: { passkey: { from: before.name, to: input.name } },
    });
    return rowOf(row!);
  });
}

export async function passkeyRemove(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(userPasskey)
      .where(and(eq(userPasskey.id, id), eq(userPasskey.userId, actor.userId)))
      .returning();
    if (!gone) throw notFound();
    await writeAudit(tx, {
      entity: 'User',
      entityId: actor.userId,
      action: 'update',
      actorId: actor.userId,
      changes: { passkey: { from: gone.name, to: null } },
    });
  });
}

/** The request options for the second step with a passkey of this user (only theirs are allowed). */
export async function passkeyLoginOptions(db: Db, config: Config, userId: number) {
  const { rpID } = relyingParty(config);
  const passkeys = await db.select().from(userPasskey).where(eq(userPasskey.userId, userId));
  return generateAuthenticationOptions({
    rpID,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransportFuture[],
    })),
  });
}

/**
 * Checks a passkey's signature for the second step: the credential must be this user's, made for this origin,
 * over the challenge handed out, with a signature counter that moved on (a cloned key is refused).
 */
export async function passkeyVerify(
  db: Db,
  config: Config,
  userId: number,
  expectedChallenge: string,
  response: AuthenticationResponseJSON,
  take = true,
): Promise<boolean> {
  const { rpID, origin } = relyingParty(config);
  const [passkey] = await db
    .select()
    .from(userPasskey)
    .where(and(eq(userPasskey.credentialId, response.id), eq(userPasskey.userId, userId)));
  if (!passkey) return false;
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    },
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verified?.verified || !take) return Boolean(verified?.verified);
  const moved = await db
    .update(userPasskey)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(and(eq(userPasskey.id, passkey.id), eq(userPasskey.counter, passkey.counter)))
    .returning({ id: userPasskey.id });
  return moved.length === 1;
}
