import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { TicketPriority, TicketStatus } from '@casedesk/shared';
import { category, categoryProject } from '../modules/category/index.js';
import {
  addWorkingMinutes,
  clockAfter,
  loadChoosablePolicies,
  nextCheckAfter,
  policyFor,
  stoppedClock,
  type ChoosablePolicy,
  type Clock,
} from '../modules/sla/index.js';
import {
  ticket,
  ticketComment,
  ticketHistory,
  ticketNumbering,
  ticketSearchDoc,
  ticketSlaHold,
} from '../modules/ticket/index.js';
import { appUser, userProject } from '../modules/user/index.js';
import { weightedVector, searchableText } from '../platform/text-search.js';
import { rowsOf, type Db } from './database.js';

/** A small deterministic random generator, so demo data and benchmarks are reproducible. */
export function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}
export type Random = ReturnType<typeof random>;

const enObjects = [
  'printer',
  'laptop',
  'VPN client',
  'Outlook mailbox',
  'docking station',
  'monitor',
  'badge reader',
  'Wi-Fi access point',
  'ERP invoice screen',
  'purchase order approval',
  'warehouse scanner',
  'label printer',
  'SAP login',
  'shared drive',
  'Teams meeting room',
  'phone handset',
  'password reset portal',
  'backup job',
  'database server',
  'payroll report',
  'expense claim form',
  'CRM dashboard',
  'barcode gun',
  'forklift terminal',
  'LaserJet 4015',
  'ThinkPad T14',
  'Cisco switch',
  'firewall rule',
  'SSL certificate',
  'Kubernetes node',
  'Jenkins pipeline',
  'Excel macro',
];
const enIssues = [
  'is offline',
  'keeps crashing',
  'cannot connect',
  'is very slow',
  'shows error 0x80070005',
  'needs replacement',
  'is not printing',
  'asks for password repeatedly',
  'times out',
  'lost its configuration',
  'will not start',
  'reports disk full',
  'has a broken screen',
  'returns HTTP 500',
  'sync failed overnight',
  'access denied',
];
const enPlaces = [
  'in the London office',
  'at the Seattle warehouse',
  'for the finance team',
  'on floor 3',
  'since the update',
  'after the move',
  'for new starters',
  'in meeting room B',
];
const enSentences = [
  'Users report that the {o} {i} {p}.',
  'Restarting did not help and the problem came back after an hour.',
  'Please check the logs and call back on the number below.',
  'This blocks month-end closing, please treat it as a priority.',
  'Asset tag {tag} was last serviced in spring.',
  'The same issue happened last quarter and was fixed by re-imaging.',
  'Error code {code} appears in the event viewer.',
];
const zhObjects = [
  '打印机',
  '笔记本电脑',
  '邮箱',
  '云主机',
  '数据库',
  '网络交换机',
  '监控系统',
  '报销系统',
  '门禁卡',
  '会议室投影仪',
  '防火墙',
  '备份任务',
];
const zhIssues = [
  '无法连接网络',
  '运行很慢',
  '频繁死机',
  '登录失败',
  '磁盘空间不足',
  '告警不断',
  '无法打印',
  '证书过期',
  '同步失败',
  '需要更换',
];
const twObjects = ['印表機', '筆記型電腦', '郵件信箱', '雲端主機', '資料庫', '網路交換器', '監控系統', '會議室投影機'];
const twIssues = ['無法連接網路', '執行速度很慢', '經常當機', '登入失敗', '硬碟空間不足', '告警不斷', '憑證過期'];
const zhSentences = [
  '用户反馈{o}{i}，影响日常工作。',
  '重启后问题依旧，请尽快处理。',
  '已检查网线和电源，均正常。',
  '资产编号 {tag}，错误代码 {code}。',
];
const twSentences = [
  '使用者反映{o}{i}，影響日常作業。',
  '重新開機後問題依舊，請儘快處理。',
  '資產編號 {tag}，錯誤代碼 {code}。',
];
const enComments = [
  'Called the user, waiting for a screenshot.',
  'Escalated to the network team.',
  'Replaced the cable, please test again.',
  'Vendor confirmed a known bug; patch scheduled.',
  'User confirmed it works now.',
  'Internal: check licence count before next renewal.',
];
const zhComments = [
  '已联系用户，等待截图。',
  '已转交网络组处理。',
  '厂商确认是已知问题，补丁已安排。',
  '用户确认已恢复正常。',
];
const twComments = ['已聯絡使用者，等待截圖。', '已轉交網路組處理。', '使用者確認已恢復正常。'];
const firstNames = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Lucas',
  'Mia',
  'Ethan',
  '伟',
  '芳',
  '娜',
  '敏',
  '志明',
  '淑芬',
];
const lastNames = ['Smith', 'Jones', 'Brown', 'Taylor', 'Wilson', 'Müller', 'Rossi', '王', '李', '张', '陈', '林'];

export type Language = 'en' | 'zh-cn' | 'zh-tw';
export type DemoText = { subject: string; content: string; comments: string[] };

/** A ticket's texts in one language: subject, HTML content and comment texts. */
export function demoText(r: Random, language: Language, commentCount: number): DemoText {
  const fill = (s: string, o: string, i: string) =>
    s
      .replace('{o}', o)
      .replace('{i}', i)
      .replace('{p}', r.pick(enPlaces))
      .replace('{tag}', `AST-${100000 + r.int(900000)}`)
      .replace('{code}', `E${1000 + r.int(9000)}`);
  if (language === 'en') {
    const o = r.pick(enObjects);
    const i = r.pick(enIssues);
    const body = [0, 1, 2].map(() => `<p>${fill(r.pick(enSentences), o, i)}</p>`).join('');
    return {
      subject: `${o[0]!.toUpperCase()}${o.slice(1)} ${i}`,
      content: `<p>${fill(enSentences[0]!, o, i)}</p>${body}`,
      comments: Array.from({ length: commentCount }, () => r.pick(enComments)),
    };
  }
  const [objects, issues, sentences, comments] =
    language === 'zh-cn'
      ? [zhObjects, zhIssues, zhSentences, zhComments]
      : [twObjects, twIssues, twSentences, twComments];
  const o = r.pick(objects);
  const i = r.pick(issues);
  return {
    subject: `${o}${i}`,
    content: [sentences[0]!, r.pick(sentences), r.pick(sentences)].map((s) => `<p>${fill(s, o, i)}</p>`).join(''),
    comments: Array.from({ length: commentCount }, () => r.pick(comments)),
  };
}

export function demoCustomer(r: Random) {
  const firstName = r.pick(firstNames);
  const lastName = r.pick(lastNames);
  const ascii = /^[a-z]+$/i.test(firstName) ? firstName.toLowerCase() : `user${r.int(10000)}`;
  return {
    firstName,
    lastName,
    customer: /^[a-z]/i.test(firstName) ? `${firstName} ${lastName}` : `${lastName}${firstName}`,
    customerEmail: `${ascii}.${r.int(1000)}@customer.example`,
    telephone: `+1 555 ${String(r.int(10_000)).padStart(4, '0')}`,
  };
}

const priorities: TicketPriority[] = ['Low', 'Medium', 'Medium', 'Medium', 'High', 'High', 'Urgent'];

/** A status that fits the age: old tickets are mostly closed, recent ones mostly open. */
export function demoStatus(r: Random, ageDays: number): TicketStatus {
  const x = r.next();
  if (ageDays > 30) return x < 0.8 ? 'Closed' : x < 0.9 ? 'Resolved' : x < 0.95 ? 'Cancelled' : 'Pending';
  if (ageDays > 7)
    return x < 0.4 ? 'Closed' : x < 0.6 ? 'Resolved' : x < 0.75 ? 'InProgress' : x < 0.9 ? 'Pending' : 'Assigned';
  return x < 0.1 ? 'Resolved' : x < 0.35 ? 'InProgress' : x < 0.5 ? 'Pending' : x < 0.55 ? 'New' : 'Assigned';
}

export function demoPriority(r: Random): TicketPriority {
  return r.pick(priorities);
}

/**
 * A demo ticket's service-level clock, as its life would have moved it: opened, answered (unless still New), then
 * waiting in its status since, or resolved. Under a policy the answer and the resolution come in working time,
 * mostly within the targets (about four in five answers and two in three resolutions), as a real desk's would.
 */
export function demoClock(
  r: Random,
  policy: ChoosablePolicy | undefined,
  t: { openDate: Date; status: TicketStatus; closeDate: Date | null },
  now: number,
): Clock {
  const at = (ms: number) => new Date(Math.min(now, ms));
  const later = (from: Date, workingMinutes: number, hours: number) =>
    at(
      policy ? addWorkingMinutes(policy.calendar, from, workingMinutes).getTime() : from.getTime() + hours * 3_600_000,
    );
  const move = (clock: Clock, when: Date, status: TicketStatus, publicReply = false) =>
    clockAfter(clock, { now: when, openDate: t.openDate, status, approvalRunning: false, publicReply, policy }).clock;
  let clock = move(stoppedClock, t.openDate, 'New');
  if (t.status === 'New') return clock;
  const answered = later(t.openDate, r.next() * 1.25 * (policy?.firstResponseMinutes ?? 0), 0.2 + r.next() * 10);
  clock = move(clock, answered, 'InProgress', true);
  if (t.status !== 'InProgress' && t.status !== 'Assigned') {
    const settled = later(answered, r.next() * 1.5 * (policy?.resolutionMinutes ?? 0), 1 + r.int(48));
    clock = move(clock, settled, t.status);
  }
  // The demo's past is told already: the warning job starts from the instants still to come.
  return { ...clock, slaNextCheckAt: clock.slaNextCheckAt && nextCheckAfter(clock, now) };
}

export const caseNumberOf = (openDate: Date, n: number | string) =>
  `${ticketNumbering.prefix}-${openDate.getUTCFullYear()}-${String(n).padStart(6, '0')}`;

/**
 * Demo tickets with comments over the demo projects, categories and users: English, simplified and
 * traditional Chinese, statuses and dates that fit their age, some private. Written in chunks of
 * short transactions (the embedded database has one connection and the server may be starting).
 */
export async function seedDemoTickets(db: Db, count = 3000, chunk = 250): Promise<number> {
  const [existing] = await rowsOf<{ n: number }>(db, sql`select count(*)::integer as n from ${ticket}`);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const categories = await db
    .select({ id: category.id, assignee: category.newTicketAssignee, projectId: categoryProject.projectId })
    .from(category)
    .innerJoin(categoryProject, sql`${categoryProject.categoryId} = ${category.id}`);
  const members = await db
    .select({ userId: userProject.userId, projectId: userProject.projectId, language: appUser.language })
    .from(userProject)
    .innerJoin(appUser, sql`${appUser.id} = ${userProject.userId}`);
  if (categories.length === 0 || members.length === 0) return 0;

  const r = random(20260101);
  const clockRandom = random(20260102);
  const now = Date.now();
  const policies = await loadChoosablePolicies(db, new Date(now - 400 * 86_400_000).toISOString().slice(0, 10));
  let written = 0;
  for (let start = 0; start < count; start += chunk) {
    const size = Math.min(chunk, count - start);
    await db.transaction(async (tx) => {
      const numbers = await rowsOf<{ n: string }>(
        tx,
        sql`select nextval('ticket_case_seq')::text as n from generate_series(1, ${size})`,
      );
      const rows: PgInsertValue<typeof ticket>[] = [];
      const texts: DemoText[] = [];
      for (let i = 0; i < size; i++) {
        // Older first, so ids follow opening order; ages spread over a year, denser recently.
        const ageDays = 365 * Math.pow(1 - (start + i) / count, 2) + r.next() * 0.5;
        const openDate = new Date(now - ageDays * 86_400_000);
        const cat = r.pick(categories);
        const team = members.filter((m) => m.projectId === cat.projectId);
        const creator = team.length ? r.pick(team) : r.pick(members);
        const language: Language =
          creator.language === 'zh-cn'
            ? 'zh-cn'
            : creator.language === 'zh-tw'
              ? 'zh-tw'
              : r.next() < 0.15
                ? 'zh-cn'
                : 'en';
        const text = demoText(r, language, r.int(4));
        const status = demoStatus(r, ageDays);
        const priority = demoPriority(r);
        const assignTo = status === 'New' ? null : (cat.assignee ?? creator.userId);
        const closed = status === 'Closed' || status === 'Cancelled';
        const caseNumber = caseNumberOf(openDate, numbers[i]!.n);
        const customer = demoCustomer(r);
        // Drawn in the order they always were, so the demo data stays the same; the clock draws from its own.
        const ticketType = r.pick(['Incident', 'ServiceRequest', 'Change', 'Problem']);
        const ticketFrom = r.pick(['Web', 'Web', 'Email', 'Phone', 'Api'] as const);
        const closeDate = closed ? new Date(openDate.getTime() + (1 + r.int(72)) * 3_600_000) : null;
        const policy = policyFor(policies, { projectId: cat.projectId, categoryId: cat.id, priority, ticketType });
        const clock = demoClock(clockRandom, policy, { openDate, status, closeDate }, now);
        rows.push({
          caseNumber,
          subject: text.subject,
          content: text.content,
          status,
          priority,
          categoryId: cat.id,
          projectId: cat.projectId,
          assignTo,
          ticketType,
          ticketFrom,
          openDate,
          ...clock,
          // A closed ticket closes once it was resolved.
          closeDate:
            closeDate && clock.slaResolvedAt && clock.slaResolvedAt > closeDate ? clock.slaResolvedAt : closeDate,
          solvedBy: status === 'Resolved' || status === 'Closed' ? assignTo : null,
          openedBy: creator.userId,
          privateTicket: r.next() < 0.05,
          ...customer,
          searchDoc: ticketSearchDoc({ caseNumber, subject: text.subject, content: text.content, ...customer }),
          searchComments: text.comments.length
            ? weightedVector(searchableText(text.comments.join('\n')), 'D')
            : sql`''::tsvector`,
          createdBy: creator.userId,
          modifiedBy: creator.userId,
          createdAt: openDate,
          modifiedAt: openDate,
        });
        texts.push(text);
      }
      const inserted = await tx.insert(ticket).values(rows).returning({
        id: ticket.id,
        createdBy: ticket.createdBy,
        assignTo: ticket.assignTo,
        openDate: ticket.openDate,
      });
      // A ticket whose clock waits on the customer has its open span of waiting, as the ticket page shows it.
      const holds = inserted.flatMap((t, i) => {
        const row = rows[i]!;
        return row.slaHeldBy && row.slaHeldBy !== 'agent'
          ? [
              {
                ticketId: t.id,
                heldBy: row.slaHeldBy,
                paused: row.slaPausedSince != null,
                status: row.slaHeldBy === 'customer' ? (row.status as TicketStatus) : null,
                startedAt: (row.slaPausedSince as Date | null | undefined) ?? t.openDate,
              },
            ]
          : [];
      });
      if (holds.length) await tx.insert(ticketSlaHold).values(holds);
      const comments = inserted.flatMap((t, i) =>
        texts[i]!.comments.map((comment, k) => ({
          ticketId: t.id,
          comment,
          public: k % 2 === 0,
          createdBy: (k % 2 === 0 ? t.assignTo : t.createdBy) ?? t.createdBy,
          createdAt: new Date(t.openDate.getTime() + (k + 1) * 3_600_000),
        })),
      );
      if (comments.length) {
        const ids = await tx.insert(ticketComment).values(comments).returning({ id: ticketComment.id });
        await tx.insert(ticketHistory).values(
          comments.map((c, k) => ({
            ticketId: c.ticketId,
            at: c.createdAt,
            actorId: c.createdBy,
            kind: 'comment' as const,
            commentId: ids[k]!.id,
            public: c.public,
          })),
        );
      }
      await tx.insert(ticketHistory).values(
        inserted.map((t) => ({
          ticketId: t.id,
          at: t.openDate,
          actorId: t.createdBy,
          kind: 'created' as const,
          changes: { status: { from: null, to: 'Assigned' }, assignTo: { from: null, to: t.assignTo } },
        })),
      );
      written += inserted.length;
    });
  }
  // Fresh statistics: list totals past the count cap are the planner's estimates.
  await db.execute(sql`analyze ticket`);
  await db.execute(sql`analyze ticket_comment`);
  return written;
}
