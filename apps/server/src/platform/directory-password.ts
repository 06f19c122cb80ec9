import type { Db } from './db.js';

/**
 * How the password of a user synced from the directory is checked (contract 24: they sign in with the directory
 * password, bound as themselves). The directory module answers; the app sets it from the module's manifest, so the
 * auth module, below it, never imports it (modules point down). False: a wrong password; a throw (a keyed refusal):
 * the directory could not be asked.
 */
export type DirectoryPasswordCheck = (db: Db, user: { loginName: string }, password: string) => Promise<boolean>;

let check: DirectoryPasswordCheck | undefined;

/** The app sets it once at build. */
export function setDirectoryPasswordCheck(value: DirectoryPasswordCheck | undefined): void {
  check = value;
}

/** The check, or undefined when no module offers one (a directory user then cannot sign in with a password). */
export const directoryPasswordCheck = (): DirectoryPasswordCheck | undefined => check;
