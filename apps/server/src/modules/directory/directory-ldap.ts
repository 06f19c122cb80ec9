import { Client, EqualityFilter, InvalidCredentialsError, ResultCodeError, type Entry } from 'ldapts';
import { msg, type DirectorySettings, directoryMessages } from '@casedesk/shared';
import { badRequest, type AppError } from '../../platform/errors.js';

/** The directory as the sync and the sign-in reach it: the settings and the bind account's password. */
export type DirectoryAccess = DirectorySettings & { bindPassword: string };

/** One person as read from the directory (attributes as the settings map them). */
export type DirectoryEntry = {
  dn: string;
  loginName: string | null;
  fullName: string | null;
  email: string | null;
  mobile: string | null;
  department: string | null;
  managerDn: string | null;
  /** The groups the entry names itself (memberOf), normalized. */
  memberOf: string[];
};

/** What the sync reads: the people, and the members of each group of the role mappings (normalized DNs). */
export type DirectoryRead = { people: DirectoryEntry[]; groupMembers: Map<string, Set<string>> };

/**
 * Connect and each operation wait at most this long: a server that accepts and never answers is "timed out",
 * not a hung request. No retries: the caller is told at once.
 */
export const directoryTimeouts = { connectMs: 5_000, operationMs: 5_000 };
const pageSize = 500;

/** DNs compare without regard to case or the spaces around commas. */
export const normalDn = (dn: string) =>
  dn
    .trim()
    .toLowerCase()
    .replace(/\s*,\s*/g, ',');

const first = (value: Entry[string] | undefined): string | null => {
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return null;
  const text = (Buffer.isBuffer(one) ? one.toString('utf8') : one).trim();
  return text === '' ? null : text;
};
const all = (value: Entry[string] | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) =>
    Buffer.isBuffer(v) ? v.toString('utf8') : v,
  );

/** The settings' filter in parentheses (an admin may type `objectClass=person` without them). */
const wrapped = (filter: string) => (filter.trim().startsWith('(') ? filter.trim() : `(${filter.trim()})`);

/** Why the directory could not be used, as a keyed 400 naming which (down, bind refused, timed out ...). */
export function directoryRefusal(error: unknown, url: string): AppError {
  if (error instanceof InvalidCredentialsError) return badRequest(msg(directoryMessages, 'bindRefused'));
  const text = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (/timed? ?out/i.test(text) || code === 'ETIMEDOUT') return badRequest(msg(directoryMessages, 'timeout', { url }));
  if (error instanceof ResultCodeError) return badRequest(msg(directoryMessages, 'searchFailed', { reason: text }));
  if (/tls|ssl|certificate/i.test(text) || (typeof code === 'string' && /^ERR_TLS|CERT/.test(code)))
    return badRequest(msg(directoryMessages, 'tlsFailed'));
  return badRequest(msg(directoryMessages, 'unreachable', { url }));
}

/** A connected client bound as `dn`; the caller unbinds. Errors are the library's (see `directoryRefusal`). */
async function boundClient(access: Pick<DirectoryAccess, 'url' | 'startTls'>, dn: string, password: string) {
  const client = new Client({
    url: access.url,
    connectTimeout: directoryTimeouts.connectMs,
    timeout: directoryTimeouts.operationMs,
  });
  try {
    if (access.startTls) await client.startTLS({});
    await client.bind(dn, password);
    return client;
  } catch (error) {
    await client.unbind().catch(() => undefined);
    throw error;
  }
}

/** Runs `work` with a client bound as the bind account; any failure is a keyed refusal naming why. */
async function withBindAccount<T>(access: DirectoryAccess, work: (client: Client) => Promise<T>): Promise<T> {
  let client: Client | undefined;
  try {
    client = await boundClient(access, access.bindDn, access.bindPassword);
    return await work(client);
  } catch (error) {
    throw directoryRefusal(error, access.url);
  } finally {
    await client?.unbind().catch(() => undefined);
  }
}

const attributesOf = (access: DirectoryAccess) =>
  [...new Set([...Object.values(access.attributes).filter((a) => a !== ''), 'memberOf'])].sort();

function entryOf(access: DirectoryAccess, entry: Entry): DirectoryEntry {
  const a = access.attributes;
  const pick = (attribute: string) => (attribute === '' ? null : first(entry[attribute]));
  return {
    dn: entry.dn,
    loginName: pick(a.loginName),
    fullName: pick(a.fullName),
    email: pick(a.email),
    mobile: pick(a.mobile),
    department: pick(a.department),
    managerDn: pick(a.manager),
    memberOf: all(entry.memberOf).map(normalDn),
  };
}

async function searchPeople(client: Client, access: DirectoryAccess, filter: string, sizeLimit = 0) {
  const { searchEntries } = await client.search(access.userBaseDn, {
    scope: 'sub',
    filter,
    attributes: attributesOf(access),
    sizeLimit,
    ...(sizeLimit === 0 ? { paged: { pageSize } } : {}),
  });
  return searchEntries.map((entry) => entryOf(access, entry));
}

/** Test: bind, search the user base; how many people and the first few. */
export async function testDirectory(access: DirectoryAccess): Promise<DirectoryEntry[]> {
  return withBindAccount(access, (client) => searchPeople(client, access, wrapped(access.userFilter)));
}

/** The sync's read: every person the filter finds (paged), and the members of each mapped group. */
export async function readDirectory(access: DirectoryAccess): Promise<DirectoryRead> {
  return withBindAccount(access, async (client) => {
    const people = await searchPeople(client, access, wrapped(access.userFilter));
    const groupMembers = new Map<string, Set<string>>();
    for (const mapping of access.roleMappings) {
      const members = new Set<string>();
      try {
        const { searchEntries } = await client.search(mapping.groupDn, {
          scope: 'base',
          attributes: ['member', 'uniqueMember'],
        });
        for (const group of searchEntries)
          for (const member of [...all(group.member), ...all(group.uniqueMember)]) members.add(normalDn(member));
      } catch (error) {
        // A mapped group that is not there has no members; anything else is the directory failing.
        if (!(error instanceof ResultCodeError) || error.code !== 32) throw error;
      }
      groupMembers.set(normalDn(mapping.groupDn), members);
    }
    return { people, groupMembers };
  });
}

/**
 * Sign-in (contract 24): look the person up afresh by login name (the value escaped per RFC 4515, so `*)(uid=*`
 * matches nothing but a person of that very name), then bind as them with the password typed. An empty password
 * is refused before any bind: LDAP takes a bind with no password as anonymous and would let it through.
 */
export async function checkDirectoryPassword(
  access: DirectoryAccess,
  loginName: string,
  password: string,
): Promise<boolean> {
  if (password === '' || access.attributes.loginName === '') return false;
  const byName = new EqualityFilter({ attribute: access.attributes.loginName, value: loginName }).toString();
  const found = await withBindAccount(access, (client) =>
    searchPeople(client, access, `(&${wrapped(access.userFilter)}${byName})`, 2),
  ).catch(() => {
    // Whatever failed (down, timed out, the bind account refused), the person is told the directory is away.
    throw badRequest(msg(directoryMessages, 'signInUnavailable'));
  });
  if (found.length !== 1) return false;
  let client: Client | undefined;
  try {
    client = await boundClient(access, found[0]!.dn, password);
    return true;
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return false;
    throw badRequest(msg(directoryMessages, 'signInUnavailable'));
  } finally {
    await client?.unbind().catch(() => undefined);
  }
}
