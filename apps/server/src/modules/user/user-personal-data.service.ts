import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import * as archiverModule from 'archiver';
import type { Archiver, ZipOptions } from 'archiver';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { erasedLoginName, erasedUserName, messages, msg, userMessages, type UserErase } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import { nextVersion } from '../../platform/columns.js';
import type { Db, Queryable } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { emitDomainEvent } from '../../platform/events.js';
import { hashPassword } from '../../platform/passwords.js';
import {
  personalDataHolders,
  personalDataParts,
  type PersonalDataPart,
  type PersonalFile,
} from '../../platform/personal-data.js';
import { callerLanguage, textAt, type Language } from '../../platform/translator.js';
import { mayErase, mayExportPersonalData } from './user.policy.js';
import { permissionsOfUsers } from './user.queries.js';
import {
  auditEntriesOf,
  dropLinks,
  eraseAuditValues,
  eraseSignIns,
  isLastAdministrator,
  ownParts,
  signInsOf,
} from './user-personal-data.queries.js';
import { appUser } from './user.table.js';
import { deletedUserResource, userResource, type UserAnswer } from './user.resource.js';

type Rows = Iterable<unknown> | AsyncIterable<unknown>;

// The installed archiver is 7 (CommonJS: one function); its types are 8's (classes). Its default export, typed.
const archiver = (archiverModule as unknown as { default: (format: 'zip', options: ZipOptions) => Archiver }).default;

/** The user as the policy reads them, or 404 when there is no such user (deleted ones included). */
async function targetOf(q: Queryable, id: number) {
  const [row] = await q
    .select({ id: appUser.id, loginName: appUser.loginName, deletedAt: appUser.deletedAt })
    .from(appUser)
    .where(eq(appUser.id, id));
  if (!row) throw notFound();
  const permissions = (await permissionsOfUsers(q, [id])).get(id) ?? [];
  return { ...row, permissions, erased: row.loginName === erasedLoginName(id) };
}

/** A JSON array written a row at a time, so a long audit trail never sits whole in memory. */
async function* jsonArray(rows: Rows): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const row of rows) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(row, null, 2)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

const readmeText = (language: Language, key: string) =>
  textAt(language, `organization.user.personalData.readme.${key}`) ??
  textAt('en', `organization.user.personalData.readme.${key}`) ??
  key;

/** What each file of the zip is, in the requester's language. */
function readme(language: Language, id: number, files: PersonalFile[]): string {
  const lines = [readmeText(language, 'title').replace('{{id}}', String(id)), '', readmeText(language, 'intro'), ''];
  for (const part of personalDataParts) lines.push(`${part}.json: ${readmeText(language, `parts.${part}`)}`);
  if (files.length) lines.push(`files/: ${readmeText(language, 'files')}`);
  return `${lines.join('\n')}\n`;
}

/** A stored file read only when the zip reaches it: one open file at a time, however many there are. */
const lazily = (file: PersonalFile) =>
  Readable.from(
    (async function* () {
      yield* file.open();
    })(),
  );

/**
 * Everything held about a user as a zip streamed to `out` (contract 24): the parts' JSON files, the user's own
 * files under `files/` and a README in the requester's language. The export is audited before a byte is sent.
 */
export async function exportPersonalData(
  db: Db,
  actor: Actor,
  id: number,
  language: Language,
  dataDir: string,
): Promise<{ fileName: string; stream: PassThrough }> {
  const target = await targetOf(db, id);
  // One's own data through My account; anyone else's only for a manager of users.
  if (id !== actor.userId && !mayExportPersonalData(actor, target)) throw notFound();
  const holders = personalDataHolders();
  const parts = new Map<PersonalDataPart, Rows[]>(personalDataParts.map((part) => [part, []]));
  const add = (found: Partial<Record<PersonalDataPart, Rows>>) => {
    for (const [part, rows] of Object.entries(found)) parts.get(part as PersonalDataPart)?.push(rows);
  };
  add(await ownParts(db, id));
  add({ auditEntries: auditEntriesOf(db, id), signIns: signInsOf(db, id) });
  for (const holder of holders) if (holder.rows) add(await holder.rows(db, id));
  const files = (await Promise.all(holders.map((holder) => holder.files?.(db, id, dataDir) ?? []))).flat();
  add({ files: files.map(({ id: fileId, name }) => ({ id: fileId, name, path: `files/${fileId}-${name}` })) });
  await writeAudit(db, { entity: 'User', entityId: id, action: 'exportPersonalData', actorId: actor.userId });

  const out = new PassThrough();
  const archive = archiver('zip', { zlib: { level: 6 } });
  archive.on('error', (error: Error) => out.destroy(error));
  archive.pipe(out);
  archive.append(readme(language, id, files), { name: 'README.txt' });
  for (const [part, sources] of parts) {
    const merged = async function* () {
      for (const rows of sources) yield* rows;
    };
    archive.append(Readable.from(jsonArray(merged())), { name: `${part}.json` });
  }
  for (const file of files) archive.append(lazily(file), { name: `files/${file.id}-${file.name}` });
  void archive.finalize().catch((error: unknown) => out.destroy(error as Error));
  return { fileName: `personal-data-${id}.zip`, stream: out };
}

/** Answers the export as a download named for the user; a failure mid-stream ends the download short. */
export async function sendPersonalData(
  reply: FastifyReply,
  db: Db,
  actor: Actor,
  id: number,
  dataDir: string,
): Promise<FastifyReply> {
  const { fileName, stream } = await exportPersonalData(db, actor, id, callerLanguage(reply.request), dataDir);
  stream.on('error', (error) => reply.log.error({ err: error }, 'personal data export failed'));
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(stream);
}

/**
 * Erases a person (contract 24): their name, addresses and other free text are replaced, they can no longer sign
 * in or be reached, and what they did (tickets, comments, approvals) stays under "Deleted user #id". One
 * transaction; refused while work waits on them. The audit entry says "erased", never the old values.
 */
export async function eraseUser(db: Db, actor: Actor, input: UserErase): Promise<UserAnswer> {
  const { id, rowVersion } = input;
  if (id === actor.userId) throw badRequest(msg(userMessages, 'notYourself'));
  // Nobody knows this password: the row keeps a valid hash, so sign-in refuses it the ordinary way.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const loginName = erasedLoginName(id);
  const name = erasedUserName(id);
  const deleted = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: appUser.id, deletedAt: appUser.deletedAt })
      .from(appUser)
      .where(eq(appUser.id, id))
      .for('update');
    if (!locked) throw notFound();
    const target = await targetOf(tx, id);
    if (target.erased) throw conflict(msg(userMessages, 'alreadyErased'));
    if (!mayErase(actor, target)) throw badRequest(msg(userMessages, 'cannotManage'));
    if (await isLastAdministrator(tx, id)) throw conflict(msg(userMessages, 'lastAdministrator'));
    for (const holder of personalDataHolders()) {
      const refusal = await holder.eraseRefusal?.(tx, id);
      if (refusal) throw conflict(refusal);
    }
    const [row] = await tx
      .update(appUser)
      .set({
        loginName,
        passwordHash,
        realName: name,
        lastName: null,
        fullName: name,
        email: null,
        mobile: null,
        photo: null,
        remark: null,
        location: null,
        jobTitle: null,
        escalation: null,
        address: null,
        birth: null,
        timeZone: null,
        userType: null,
        sex: 'secret',
        masterUser: null,
        status: 'Inactive',
        canEmail: false,
        incidentEmailNotify: false,
        lastLoginIp: null,
        passwordChangedAt: sql`now()`,
        ...nextVersion(appUser, actor),
      })
      .where(and(eq(appUser.id, id), eq(appUser.rowVersion, rowVersion)))
      .returning({ id: appUser.id });
    if (!row) throw conflict(msg(messages, 'staleRowVersion'));
    await dropLinks(tx, id);
    await eraseSignIns(tx, id, loginName);
    await eraseAuditValues(tx, id);
    await emitDomainEvent(tx, { type: 'user.accessEnded', userIds: [id], reason: 'erased' });
    for (const holder of personalDataHolders()) await holder.erase?.(tx, id);
    await writeAudit(tx, {
      entity: 'User',
      entityId: id,
      action: 'erase',
      actorId: actor.userId,
      changes: { personalData: { from: null, to: 'erased' } },
    });
    return locked.deletedAt !== null;
  });
  return (deleted ? deletedUserResource : userResource).generic.get(db, actor, id);
}
