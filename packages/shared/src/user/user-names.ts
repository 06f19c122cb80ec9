/*
 * How a person's name is written (contract 18), with no zod: the web's shell imports it (the greeting) and must not
 * pull the schemas into the sign-in page's script.
 */

const hanScript = /\p{Script=Han}/u;

/** Whether a name is written in Han characters (any of its parts), so it follows the Chinese name order. */
export const writtenInHan = (...parts: (string | null | undefined)[]): boolean =>
  parts.some((part) => !!part && hanScript.test(part));

/**
 * The name lists show (`full_name`) when none is given, in the name's own order (contract 18): Han parts family
 * name first with no space ("陈伟"), others given name first with a space ("Wei Chen"). Migration 0017 recomposes
 * the names stored before this rule.
 */
export const composeFullName = (realName: string | null | undefined, lastName: string | null | undefined) =>
  writtenInHan(realName, lastName)
    ? [lastName, realName].filter(Boolean).join('')
    : [realName, lastName].filter(Boolean).join(' ');

/** The name a person is greeted by: the given name, but the whole name of a Han one ("晚上好，陈伟"). */
export const addressName = (realName: string | null | undefined, lastName: string | null | undefined): string =>
  writtenInHan(realName, lastName) ? composeFullName(realName, lastName) : (realName ?? '');

/** A user's name wherever one is shown: the full name, else the login name (the server's `userDisplayNameSql`). */
export const userDisplayName = (user: { fullName: string | null; loginName: string }): string =>
  user.fullName ?? user.loginName;
