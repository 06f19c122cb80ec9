import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The approve and reject links of a task mail (contract 22): `<a|r>.<task>.<user>.<expiry>.<nonce>.<signature>`,
 * an HMAC over the rest with a server secret, so a link cannot be made or altered without it. Both links of one
 * mail share the nonce: whichever is used first spends the other (workflow_link_use).
 */

export type LinkAction = 'approve' | 'reject';
export type ApprovalLink = { action: LinkAction; taskId: number; userId: number; expiresAt: Date; nonce: string };

/** A link lives at most this long (and only while its task waits). */
export const linkLifetimeMs = 7 * 24 * 60 * 60 * 1000;

const signatureOf = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);

export const newLinkNonce = () => randomBytes(12).toString('base64url');

export function signLink(key: Buffer, link: ApprovalLink): string {
  const payload = [
    link.action === 'approve' ? 'a' : 'r',
    link.taskId,
    link.userId,
    Math.floor(link.expiresAt.getTime() / 1000).toString(36),
    link.nonce,
  ].join('.');
  return `${payload}.${signatureOf(key, payload)}`;
}

/** The link a token names, or null when it is garbled, forged or altered (its signature does not check). */
export function readLink(key: Buffer, token: string): ApprovalLink | null {
  const match = /^([ar])\.(\d{1,15})\.(\d{1,10})\.([0-9a-z]{1,10})\.([\w-]{16})\.([\w-]{32})$/.exec(token);
  if (!match) return null;
  const payload = token.slice(0, token.lastIndexOf('.'));
  const expected = Buffer.from(signatureOf(key, payload));
  const given = Buffer.from(match[6]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return {
    action: match[1] === 'a' ? 'approve' : 'reject',
    taskId: Number(match[2]),
    userId: Number(match[3]),
    expiresAt: new Date(parseInt(match[4]!, 36) * 1000),
    nonce: match[5]!,
  };
}
