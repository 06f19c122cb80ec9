/**
 * A real LDAP directory for the directory-sync tests: Debian's OpenLDAP slapd, started on a free loopback port with
 * a generated slapd.conf in a temp dir (mdb backend, suffix dc=example,dc=com, schemas core/cosine/inetorgperson/nis).
 * The tests add, change and delete entries through `admin()` (the rootdn). CI installs it: `apt-get install -y slapd
 * ldap-utils`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ldapts';

export const slapdBinary = '/usr/sbin/slapd';
export const hasSlapd = existsSync(slapdBinary);
export const noSlapdMessage = `${slapdBinary} is missing: the directory tests are skipped (apt-get install -y slapd ldap-utils)`;

export const baseDn = 'dc=example,dc=com';
export const peopleDn = `ou=people,${baseDn}`;
export const groupsDn = `ou=groups,${baseDn}`;
export const rootDn = `cn=admin,${baseDn}`;
export const rootPassword = 'root-secret-1';
/** The account the sync reads with (a plain person with a password; slapd's default ACL lets it read). */
export const readerDn = `cn=reader,${baseDn}`;
export const readerPassword = 'reader-secret-1';

export type Person = {
  uid: string;
  cn: string;
  sn: string;
  mail?: string;
  mobile?: string;
  department?: string;
  /** The manager's uid. */
  manager?: string;
  password: string;
};

export const personDn = (uid: string) => `uid=${uid},${peopleDn}`;
export const groupDn = (cn: string) => `cn=${cn},${groupsDn}`;

/** Six people in two departments (each with a manager) and a Support department with one; two groups. */
export const samplePeople: Person[] = [
  {
    uid: 'ada',
    cn: 'Ada Lovelace',
    sn: 'Lovelace',
    mail: 'ada@example.com',
    department: 'Engineering',
    password: 'ada-pass-1',
  },
  {
    uid: 'bob',
    cn: 'Bob Builder',
    sn: 'Builder',
    mail: 'bob@example.com',
    department: 'Engineering',
    manager: 'ada',
    password: 'bob-pass-1',
  },
  {
    uid: 'cy',
    cn: 'Cy Young',
    sn: 'Young',
    mail: 'cy@example.com',
    mobile: '+1 555 0100',
    department: 'Engineering',
    manager: 'ada',
    password: 'cy-pass-1',
  },
  { uid: 'dee', cn: 'Dee Dee', sn: 'Dee', mail: 'dee@example.com', department: 'Finance', password: 'dee-pass-1' },
  {
    uid: 'eve',
    cn: 'Eve Moneypenny',
    sn: 'Moneypenny',
    mail: 'eve@example.com',
    department: 'Finance',
    manager: 'dee',
    password: 'eve-pass-1',
  },
  {
    uid: 'fay',
    cn: 'Fay Wray',
    sn: 'Wray',
    mail: 'fay@example.com',
    department: 'Support',
    manager: 'dee',
    password: 'fay-pass-1',
  },
];

/** groupOfNames: admins = ada; agents = bob, cy. */
export const sampleGroups: { cn: string; members: string[] }[] = [
  { cn: 'desk-admins', members: ['ada'] },
  { cn: 'desk-agents', members: ['bob', 'cy'] },
];

export type Slapd = {
  url: string;
  port: number;
  /** A client bound as the rootdn (the caller unbinds). */
  admin(): Promise<Client>;
  addPerson(person: Person): Promise<void>;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const personEntry = (p: Person) => ({
  objectClass: ['inetOrgPerson'],
  uid: p.uid,
  cn: p.cn,
  sn: p.sn,
  userPassword: p.password,
  ...(p.mail ? { mail: p.mail } : {}),
  ...(p.mobile ? { mobile: p.mobile } : {}),
  ...(p.department ? { departmentNumber: p.department } : {}),
  ...(p.manager ? { manager: personDn(p.manager) } : {}),
});

/** Binds as the rootdn until it answers (slapd listens a moment after it starts); the exit of slapd ends the wait. */
async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`slapd ended before answering:\n${output()}`);
    const client = new Client({ url, connectTimeout: 2000, timeout: 2000 });
    try {
      await client.bind(rootDn, rootPassword);
      await client.unbind();
      return;
    } catch {
      await client.unbind().catch(() => undefined);
      // A refused connection comes back at once: yield to the event loop so slapd's output and exit are seen.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export async function startSlapd(): Promise<Slapd> {
  const dir = await mkdtemp(join(tmpdir(), 'casedesk-slapd-'));
  const dataDir = join(dir, 'data');
  await mkdir(dataDir);
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const conf = join(dir, 'slapd.conf');
  await writeFile(
    conf,
    `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
pidfile ${join(dir, 'slapd.pid')}
argsfile ${join(dir, 'slapd.args')}
modulepath /usr/lib/ldap
moduleload back_mdb
access to attrs=userPassword by self write by anonymous auth by * none
access to * by users read by * none
database mdb
maxsize 104857600
suffix "${baseDn}"
rootdn "${rootDn}"
rootpw ${rootPassword}
directory ${dataDir}
index objectClass eq
index uid eq
`,
  );
  // -d 0 keeps slapd in the foreground as our child, so stop() ends exactly it.
  const child = spawn(slapdBinary, ['-d', '0', '-f', conf, '-h', url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await waitUntilAnswering(url, child, () => output.slice(-2000));

  const admin = async () => {
    const client = new Client({ url, connectTimeout: 5000, timeout: 5000 });
    await client.bind(rootDn, rootPassword);
    return client;
  };
  const client = await admin();
  try {
    await client.add(baseDn, { objectClass: ['dcObject', 'organization'], dc: 'example', o: 'Example' });
    await client.add(peopleDn, { objectClass: ['organizationalUnit'], ou: 'people' });
    await client.add(groupsDn, { objectClass: ['organizationalUnit'], ou: 'groups' });
    await client.add(readerDn, {
      objectClass: ['person'],
      cn: 'reader',
      sn: 'reader',
      userPassword: readerPassword,
    });
    for (const p of samplePeople) await client.add(personDn(p.uid), personEntry(p));
    for (const g of sampleGroups)
      await client.add(groupDn(g.cn), { objectClass: ['groupOfNames'], cn: g.cn, member: g.members.map(personDn) });
  } finally {
    await client.unbind();
  }

  return {
    url,
    port,
    admin,
    async addPerson(person) {
      const c = await admin();
      try {
        await c.add(personDn(person.uid), personEntry(person));
      } finally {
        await c.unbind();
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const ended = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await ended;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
