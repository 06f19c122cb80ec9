// What the load benchmarks on the ticket loader's data share: the sessions they write as, and the marked rows
// they look up afterwards (every write carries a unique marker in its text).
import type pg from 'pg';
import { adminPassword, callApi } from './lib.js';

export type UserSession = { name: string; token: string; visible: number[]; projectId: number; categoryId: number };

/** The first project/category pair a user may write in (the administrator: any). */
export async function placeOf(db: pg.Pool, name: string) {
  const { rows } = await db.query<{ project_id: number; category_id: number }>(
    `select cp.project_id, cp.category_id from category_project cp
      where $1 = 'admin' or cp.project_id in (select up.project_id from user_project up join app_user u on u.id = up.user_id where u.login_name = $1)
      order by cp.category_id limit 1`,
    [name],
  );
  return rows[0];
}

export async function signIn(port: number, newAuthToken: () => string, name: string): Promise<string> {
  const login = await callApi<{ token: string }>(
    port,
    'POST',
    '/api/token/Login',
    { 'auth-token': newAuthToken() },
    { userName: name, password: adminPassword },
  );
  if (login.resultCode !== 200) throw new Error(`sign-in of ${name} failed: ${JSON.stringify(login)}`);
  return login.data.token;
}

/** Signs each user in and notes the tickets they see and where they may write; a user with neither is left out. */
export async function loadSessions(
  port: number,
  newAuthToken: () => string,
  db: pg.Pool,
  names: string[],
): Promise<UserSession[]> {
  const users: UserSession[] = [];
  for (const name of names) {
    const token = await signIn(port, newAuthToken, name);
    const page = await callApi<{ items: Array<{ id: number }> }>(
      port,
      'POST',
      '/api/Ticket/Query',
      { 'auth-token': newAuthToken(), authorization: `Bearer ${token}` },
      { pageSize: 100 },
    );
    const place = await placeOf(db, name);
    const visible = page.data.items.map((t) => t.id);
    if (!place || visible.length === 0) {
      console.error(`  ${name}: no project or no visible ticket, left out`);
      continue;
    }
    users.push({ name, token, visible, projectId: place.project_id, categoryId: place.category_id });
  }
  if (users.length === 0) throw new Error('no usable session');
  return users;
}

/** Ticket subjects and comments that start with `<prefix>-<run>-<letter><n>`: marker → the ids of its rows. */
export async function storedMarkers(db: pg.Pool, prefix: string, runId: string): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  const pattern = new RegExp(`^${prefix}-${runId}-[a-z]\\d+`);
  for (const [table, column] of [
    ['ticket', 'subject'],
    ['ticket_comment', 'comment'],
  ] as const) {
    const { rows } = await db.query<{ id: number; text: string }>(
      `select id, ${column} as text from ${table} where ${column} like $1`,
      [`${prefix}-${runId}-%`],
    );
    for (const row of rows) {
      const marker = pattern.exec(row.text)?.[0];
      if (marker) found.set(marker, [...(found.get(marker) ?? []), row.id]);
    }
  }
  return found;
}
