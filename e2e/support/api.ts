import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { laneIndex } from './lanes';

export const initialAdminPassword = 'Admin@12345';
export const adminPassword = 'Casedesk#2026';
export const userPassword = 'Staff@2026!';

type TokenData = { token: string; exp: number; refreshToken: string };
type Envelope<T> = { resultCode: number; resultMsg: string; data: T };

/** The server of the lane this spec runs in. */
export function laneBaseUrl(): string {
  const urls = inject('baseUrls');
  const url = urls[laneIndex(urls.length)];
  if (!url) throw new Error('global-setup.ts started no server');
  return url;
}

/** A client of the running server from the test side, speaking the contract (Auth-Token and all). */
export class Api {
  token: string | undefined;
  private publicKey: string | undefined;

  constructor(readonly baseUrl: string = laneBaseUrl()) {}

  private async authToken(): Promise<string> {
    this.publicKey ??= ((await (await fetch(`${this.baseUrl}/api/token/PublicKey`)).json()) as Envelope<string>).data;
    const plain = `${randomBytes(16).toString('hex')}:${Math.floor(Date.now() / 1000)}`;
    return publicEncrypt(
      { key: this.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(plain),
    ).toString('base64');
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, token = this.token) {
    const headers: Record<string, string> = { 'auth-token': await this.authToken() };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }

  async ok<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await this.call<T>(method, path, body);
    if (response.body.resultCode !== 200)
      throw new Error(`${method} ${path}: ${response.status} ${response.body.resultMsg}`);
    return response.body.data;
  }

  /** Uploads one text file as the app's uploader does (`Files/Upload`); answers its stored id. */
  async upload(name: string, text: string): Promise<number> {
    const form = new FormData();
    form.append('files', new Blob([text], { type: 'text/plain' }), name);
    const headers: Record<string, string> = { 'auth-token': await this.authToken() };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const response = await fetch(`${this.baseUrl}/api/Files/Upload`, { method: 'POST', headers, body: form });
    const body = (await response.json()) as Envelope<{ fileId: number }[]>;
    if (body.resultCode !== 200) throw new Error(`Files/Upload: ${response.status} ${body.resultMsg}`);
    return body.data[0]!.fileId;
  }

  /** The session's tokens as the sign-in answered them (what a browser keeps). */
  tokens: TokenData | undefined;

  async signIn(userName: string, password: string): Promise<boolean> {
    const response = await this.call<TokenData>('POST', '/api/token/Login', { userName, password }, undefined);
    if (response.body.resultCode !== 200) return false;
    this.tokens = response.body.data;
    this.token = response.body.data.token;
    return true;
  }
}

/**
 * Replaces the seeded administrator's first-start password, once, before any spec runs (global-setup.ts): specs
 * running side by side would otherwise race to change it, and the loser could sign in with neither password.
 */
export async function setFirstAdminPassword(baseUrl: string): Promise<void> {
  const api = new Api(baseUrl);
  if (!(await api.signIn('admin', initialAdminPassword))) throw new Error('The administrator cannot sign in');
  await api.ok('POST', '/api/token/ResetInitPassword', {
    oldPassword: initialAdminPassword,
    newPassword: adminPassword,
    confirmPassword: adminPassword,
  });
}

let admin: Promise<Api> | undefined;

/** The administrator, signed in (with the password global-setup.ts gave it). */
export function adminApi(): Promise<Api> {
  admin ??= (async () => {
    const api = new Api();
    if (!(await api.signIn('admin', adminPassword))) throw new Error('The administrator cannot sign in');
    return api;
  })();
  return admin;
}

let systemRoles: Promise<Map<string, number>> | undefined;
let counter = 0;

export type TestUser = { id: number; loginName: string; password: string; email: string };

/** A user of this spec's own, made through the API with a unique name and ready to sign in. */
export async function createUser(
  options: {
    role?: 'admin' | 'common';
    language?: 'en' | 'zh-cn' | 'zh-tw';
    realName?: string;
    lastName?: string;
    projects?: number[];
    needToChangePwd?: boolean;
  } = {},
): Promise<TestUser> {
  const api = await adminApi();
  systemRoles ??= api
    .ok<{ items: { id: number; code: string }[] }>('POST', '/api/Role/Query', { isSystem: true, pageSize: 100 })
    .then((page) => new Map(page.items.map((r) => [r.code, r.id])));
  const role = options.role ?? 'common';
  const roleId = (await systemRoles).get(role);
  if (roleId === undefined) throw new Error(`No ${role} role`);
  const loginName = `${role === 'admin' ? 'boss' : 'staff'}${++counter}_${randomBytes(3).toString('hex')}`;
  const email = `${loginName}@example.test`;
  const created = await api.ok<{ id: number }>('POST', '/api/User/Add', {
    loginName,
    realName: options.realName ?? 'Sam',
    lastName: options.lastName ?? 'Tester',
    email,
    password: userPassword,
    needToChangePwd: options.needToChangePwd ?? false,
    language: options.language ?? 'en',
    roles: [roleId],
    projects: options.projects ?? [],
  });
  return { id: created.id, loginName, password: userPassword, email };
}

/** A staff member with the `common` role (tickets, open items, own account), ready to sign in. */
export const createStaff = (options: Omit<Parameters<typeof createUser>[0], 'role'> = {}) =>
  createUser({ ...options, role: 'common' });

/** An administrator of the spec's own, so that no spec shares the seeded administrator's language or sessions. */
export async function createAdmin(options: Omit<Parameters<typeof createUser>[0], 'role'> = {}) {
  const user = await createUser({ ...options, role: 'admin' });
  const api = new Api();
  if (!(await api.signIn(user.loginName, user.password))) throw new Error('The new administrator cannot sign in');
  return { user, api };
}
