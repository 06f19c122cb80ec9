// bench:tickets:custom-load - gives every ticket of a database loaded by bench:tickets:load five custom field values
// (issue 30: a select, a decimal, a date, a yes/no and a text field), written by PostgreSQL itself in one statement per
// field with the value table's secondary indexes off and rebuilt after. Then `bench:tickets` with
// BENCH_SCENARIOS=custom measures the list filtered by the select and by a decimal range against the same SQL.
//   BENCH_TICKETS_DB=postgres://postgres@127.0.0.1:5432/casedesk_bench
import pg from 'pg';
import { maxSeconds } from './settings.js';

const dbUrl = process.env.BENCH_TICKETS_DB ?? 'postgres://postgres@127.0.0.1:5432/casedesk_bench';
const timer = setTimeout(() => {
  console.error(`bench:tickets:custom-load gave up after ${maxSeconds} s`);
  process.exit(1);
}, maxSeconds * 1000);
timer.unref();
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

const label = (en: string, zhCn: string, zhTw: string) => JSON.stringify({ en, 'zh-cn': zhCn, 'zh-tw': zhTw });
const regions = ['north', 'south', 'east', 'west', 'central', 'apac', 'emea', 'americas'];
/** The five fields; `value` is the SQL that makes a ticket's value from its id `t.id` (a spread that repeats). */
export const benchCustomFields = [
  {
    key: 'bench_region',
    type: 'select',
    label: label('Region', '区域', '區域'),
    options: regions.map((value) => ({ value, label: JSON.parse(label(value, value, value)) as object })),
    text: `(array[${regions.map((r) => `'${r}'`).join(',')}])[1 + (hashint4(t.id) & 2147483647) % ${regions.length}]`,
    number: 'null',
  },
  {
    key: 'bench_amount',
    type: 'decimal',
    label: label('Amount', '金额', '金額'),
    options: [],
    text: 'null',
    // 0.00 to 9,999.99, evenly spread: a range of 100 holds about 1 % of the tickets.
    number: `((hashint4(t.id + 7) & 2147483647) % 1000000) / 100.0`,
  },
  {
    key: 'bench_needed',
    type: 'date',
    label: label('Needed by', '需要日期', '需要日期'),
    options: [],
    text: `to_char(t.open_date + ((hashint4(t.id + 11) & 2147483647) % 60) * interval '1 day', 'YYYY-MM-DD')`,
    number: 'null',
  },
  {
    key: 'bench_vip',
    type: 'checkbox',
    label: label('VIP', '贵宾', '貴賓'),
    options: [],
    text: `case when (hashint4(t.id + 13) & 2147483647) % 10 = 0 then 'true' else 'false' end`,
    number: 'null',
  },
  {
    key: 'bench_ref',
    type: 'text',
    label: label('Reference', '参考号', '參考號'),
    options: [],
    text: `'REF-' || t.id`,
    number: 'null',
  },
] as const;

async function main() {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  const run = (text: string, values: unknown[] = []) => pool.query(text, values);
  try {
    const [{ n }] = (await run('select count(*)::integer as n from ticket')).rows as [{ n: number }];
    if (n === 0) throw new Error('no tickets: run bench:tickets:load first');
    const present = await run(`select count(*)::integer as n from custom_field where key like 'bench_%'`);
    if ((present.rows[0] as { n: number }).n > 0) {
      log('the bench custom fields are already there');
      return;
    }
    const started = performance.now();
    for (const [i, field] of benchCustomFields.entries())
      await run(
        `insert into custom_field (key, applies_to, type, label, options, sort) values ($1, 'Ticket', $2, $3, $4, $5)`,
        [field.key, field.type, field.label, JSON.stringify(field.options), 100 + i],
      );
    const indexes = (await run(`select indexname, indexdef from pg_indexes where tablename = 'ticket_custom_value'`))
      .rows as { indexname: string; indexdef: string }[];
    for (const index of indexes) await run(`drop index ${index.indexname}`);
    await run(`set maintenance_work_mem = '512MB'`);
    for (const field of benchCustomFields) {
      const fieldStarted = performance.now();
      await run(`insert into ticket_custom_value (ticket_id, field_id, text_value, number_value)
                 select t.id, f.id, ${field.text}, ${field.number}
                   from ticket t, custom_field f where f.key = '${field.key}' and f.applies_to = 'Ticket'`);
      log(`${field.key}: ${n} values in ${((performance.now() - fieldStarted) / 1000).toFixed(0)} s`);
    }
    const indexStarted = performance.now();
    for (const index of indexes) await run(index.indexdef);
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    await run('vacuum analyze ticket_custom_value');
    const size = (await run(`select pg_size_pretty(pg_total_relation_size('ticket_custom_value')) as size`))
      .rows[0] as { size: string };
    console.log(
      `\n| tickets | values | total | of which indexes | value table with indexes |\n|---|---|---|---|---|\n| ${n} | ${n * benchCustomFields.length} | ${((performance.now() - started) / 1000).toFixed(0)} s | ${indexSeconds.toFixed(0)} s | ${size.size} |`,
    );
  } finally {
    await pool.end();
  }
}

await main();
