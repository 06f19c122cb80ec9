// bench:email-fetch - mail to ticket throughput: BENCH_MAILS (10,000) mixed messages in a local dovecot Maildir,
// fetched over POP3 (BENCH_PROTOCOL=IMAP for IMAP) into tickets and comments, once per database of
// BENCH_DATABASES (pglite, pg; PostgreSQL at BENCH_PG_URL, loopback only). Reports mails/s and checks that no mail
// is lost (every distinct message has its row) and none is duplicated (no second row, ticket or comment).
// The mix (apps/server/test/email-fetch-bench.ts, which measures, one process per database): new mails (UTF-8
// and GB2312), no Message-ID, auto-replies, exact re-deliveries, and in a second round replies (In-Reply-To an
// earlier mail, subject changed) that must become comments on that mail's ticket.
// Needs /usr/sbin/dovecot (apt-get install -y dovecot-imapd dovecot-pop3d).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  fixed,
  freshDatabase,
  loadKinds,
  machineLine,
  markdownTable,
  repoRoot,
  runMain,
  writeResults,
} from '../src/lib.js';

type Result = {
  kind: string;
  protocol: string;
  mails: number;
  mix: { newMails: number; gb2312: number; noId: number; autoReplies: number; replies: number };
  fetchSeconds: number;
  mailsPerSecond: number;
  tickets: number;
  comments: number;
  ignored: number;
  leftOnServer: number;
  lost: number;
  duplicated: number;
};

async function measure(env: Record<string, string>): Promise<Result> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/email-fetch-bench.ts'], {
    cwd: join(repoRoot, 'apps/server'),
    env: { ...process.env, LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  const line = out.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as Result;
  } catch {
    throw new Error(`the measuring process answered no result: ${out}`);
  }
}

runMain('bench:email-fetch', async () => {
  if (!existsSync('/usr/sbin/dovecot')) {
    console.log('/usr/sbin/dovecot is missing: apt-get install -y dovecot-imapd dovecot-pop3d');
    return;
  }
  const results: Result[] = [];
  for (const kind of loadKinds()) {
    const target = await freshDatabase(kind);
    results.push(await measure({ ...target.env, DEMO_DATA: 'false' }));
    await target.dispose();
  }
  const bad = results.filter(
    (r) => r.lost !== 0 || r.duplicated !== 0 || r.leftOnServer !== 0 || r.comments !== r.mix.replies,
  );
  console.log(`\nbench:email-fetch (${machineLine()})\n`);
  console.log(
    markdownTable(
      [
        'database',
        'protocol',
        'mails',
        'fetch s',
        'mails/s',
        'tickets',
        'comments',
        'ignored',
        'lost',
        'duplicated',
        'left at server',
      ],
      results.map((r) => [
        r.kind,
        r.protocol,
        r.mails,
        fixed(r.fetchSeconds, 1),
        fixed(r.mailsPerSecond, 1),
        `${r.tickets}/${r.mix.newMails + r.mix.gb2312 + r.mix.noId}`,
        `${r.comments}/${r.mix.replies}`,
        `${r.ignored}/${r.mix.autoReplies}`,
        r.lost,
        r.duplicated,
        r.leftOnServer,
      ]),
    ),
  );
  console.log(`\nresults: ${writeResults('email-fetch', results)}`);
  if (bad.length > 0) process.exitCode = 1;
});
