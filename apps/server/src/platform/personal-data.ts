import type { Readable } from 'node:stream';
import type { Message } from '@casedesk/shared';
import type { Queryable, Tx } from './db.js';

/** The parts of a personal-data export (contract 24): `<part>.json` in the zip, worded in its README. */
export const personalDataParts = [
  'profile',
  'roles',
  'groups',
  'departments',
  'tickets',
  'comments',
  'approvalTasks',
  'approvalActions',
  'notifications',
  'apiTokens',
  'auditEntries',
  'signIns',
  'files',
] as const;
export type PersonalDataPart = (typeof personalDataParts)[number];

/** A file kept for the user, packed under `files/` by its stored name. */
export type PersonalFile = { id: number; name: string; open: () => Readable };

/**
 * What a module holds about a person, told to the user module (which exports and erases people) without it
 * importing the modules above it (modules point down). A holder lists it in its manifest (`personalData`).
 */
export type PersonalDataHolder = {
  /** Rows about the user by part; no secret (hash, sealed value, token) ever. */
  rows?: (q: Queryable, userId: number) => Promise<Partial<Record<PersonalDataPart, unknown[]>>>;
  /** The user's own files (uploads, photo); `dataDir` is where stored files live. */
  files?: (q: Queryable, userId: number, dataDir: string) => Promise<PersonalFile[]>;
  /** Why the user may not be erased now (pending work in their name), or undefined. */
  eraseRefusal?: (tx: Tx, userId: number) => Promise<Message | undefined>;
  /** Removes what lets the person act or be reached (sessions, tokens, factors) in the erase's transaction. */
  erase?: (tx: Tx, userId: number) => Promise<void>;
};

let holders: readonly PersonalDataHolder[] | undefined;

/** The app sets the holders of every manifest once at build. */
export function setPersonalDataHolders(list: readonly PersonalDataHolder[]): void {
  holders = list;
}

/** Every holder, in manifest order; refuses to answer when never set (an export would silently miss parts). */
export function personalDataHolders(): readonly PersonalDataHolder[] {
  if (!holders) throw new Error('No personal-data holders: the app sets them from the manifests at build.');
  return holders;
}
