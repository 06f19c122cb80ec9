// The data of bench:finance, set-based (generate_series) straight into the tables of vendor.table.ts and
// invoice.table.ts (and open-item.table.ts when the open-item module is in the build), after the app's
// migrations: BENCH_FIN_VENDORS vendors, BENCH_FIN_INVOICES invoices with BENCH_FIN_LINES_PER_INVOICE lines
// each (amounts exact: quantity × unit price rounded to cents, tax and totals summed from the lines, as the
// server computes them), and BENCH_FIN_OPEN_ITEMS open items spread over the tickets that bench:tickets:load
// made. Each part is loaded once: a part whose table already holds rows is left alone (idempotent).
import type pg from 'pg';

export type FinanceLoad = {
  vendors: number;
  invoices: number;
  linesPerInvoice: number;
  openItems: number;
  log: (...args: unknown[]) => void;
};

export type FinanceLoadResult = { seconds: Record<string, number>; sizes: Record<string, string> };

/** Invoice status by `g % 100`: most are paid, a few waiting. */
const statusCase = `case when g % 100 < 6 then 'Draft' when g % 100 < 14 then 'PendingApproval'
  when g % 100 < 34 then 'Approved' when g % 100 < 38 then 'Rejected' when g % 100 < 95 then 'Paid' else 'Cancelled' end`;

export async function tableExists(client: pg.Pool | pg.ClientBase, table: string) {
  const { rows } = await client.query<{ t: string | null }>('select to_regclass($1) as t', [`public.${table}`]);
  return rows[0]?.t != null;
}

async function isEmpty(client: pg.ClientBase, table: string) {
  const { rows } = await client.query(`select 1 from ${table} limit 1`);
  return rows.length === 0;
}

export async function loadFinanceData(client: pg.ClientBase, options: FinanceLoad): Promise<FinanceLoadResult> {
  const { log } = options;
  const seconds: Record<string, number> = {};
  const step = async (name: string, text: string, params: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, params);
    seconds[name] = (performance.now() - started) / 1000;
    log(`${name}: ${result.rowCount ?? 0} rows in ${seconds[name].toFixed(1)} s`);
    return result;
  };
  await client.query(`set maintenance_work_mem = '256MB'`);

  if (await isEmpty(client, 'vendor')) {
    await step(
      'vendors',
      `insert into vendor (vendor_code, vendor_name, company_id, payment_method, payment_term, email_address,
                           gl_account, description, status, remit_to, mail_address, created_by, modified_by)
       select 'FV' || lpad(g::text, 5, '0'),
              (array['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay', 'Stark', 'Wayne', 'Tyrell', 'Cyberdyne'])[1 + g % 10]
                || ' ' || (array['Supplies', 'Logistics', 'Services', 'Industries', 'Trading', 'Systems'])[1 + (g / 10) % 6]
                || ' ' || g,
              (select id from company order by id offset (g % greatest(1, (select count(*) from company)::int)) limit 1),
              (array['Check', 'Wire', 'ACH'])[1 + g % 3], (array['Net 30', 'Net 45', 'Net 60', 'Due on receipt'])[1 + g % 4],
              'billing' || g || '@vendor' || (g % 97) || '.example', '2' || lpad((g % 100)::text, 3, '0'),
              'Bench vendor ' || g, case when g % 25 = 0 then 'Inactive' else 'Active' end,
              jsonb_build_object('name', 'Vendor ' || g, 'address1', g || ' Market Street', 'city', 'Springfield', 'country', 'US'),
              jsonb_build_object('address1', 'PO Box ' || g, 'city', 'Springfield', 'postalCode', lpad((g % 99999)::text, 5, '0'), 'country', 'US'),
              1, 1
         from generate_series(1, $1::int) g`,
      [options.vendors],
    );
  } else log('vendors: present, left alone');

  if (await isEmpty(client, 'invoice')) {
    // The lines first (a temporary table), so that each invoice's totals are the sums of its own lines.
    await step(
      'lines (staging)',
      `create temp table finb_line as
       select g, k, q::numeric(12,3) as quantity, p::numeric(15,4) as unit_price, round(q * p, 2)::numeric(15,2) as amount
         from generate_series(1, $1::int) g, generate_series(1, $2::int) k,
              lateral (select (1 + (g * 7 + k * 3) % 20)::numeric as q,
                              ((g * 13 + k * 101) % 100000) / 100.0 + 0.5 + (k % 4) * 0.0025 as p) x`,
      [options.invoices, options.linesPerInvoice],
    );
    await client.query('create index on finb_line (g)');
    const [first] = (await client.query<{ n: number }>(`select count(*)::int as n from vendor`)).rows;
    const vendorCount = Math.max(1, first?.n ?? 1);
    // Invoices g = 1..N in entry order over three years (id = g); vendor, project and currency spread evenly.
    await step(
      'invoices',
      `with totals as (select g, sum(amount) as subtotal from finb_line group by g),
            vendors as (select row_number() over (order by id) - 1 as n, id from vendor),
            projects as (select row_number() over (order by id) - 1 as n, id, count(*) over () as c from project),
            users as (select row_number() over (order by id) - 1 as n, id, count(*) over () as c from app_user)
       insert into invoice (id, row_version, created_at, created_by, modified_at, modified_by, invoice_number, vendor_id,
                            invoice_date, due_date, currency, project_id, po_number, tax_rate, subtotal_amount,
                            tax_amount, total_amount, description, status, paid_at)
       overriding system value
       select t.g, 1, c.at, u.id, c.at, u.id, 'INV-' || lpad(t.g::text, 7, '0'), v.id,
              (c.at - interval '3 days')::date, (c.at + interval '27 days')::date,
              (array['USD','USD','USD','USD','USD','USD','USD','USD','EUR','CNY','TWD'])[1 + t.g % 11]::text,
              p.id, case when t.g % 3 = 0 then 'PO-' || lpad((t.g / 3)::text, 6, '0') end,
              r.rate, t.subtotal, round(t.subtotal * r.rate / 100, 2), t.subtotal + round(t.subtotal * r.rate / 100, 2),
              (array['Office supplies', 'Consulting services', 'Hardware', 'Software licences', 'Freight', 'Maintenance'])[1 + t.g % 6]
                || ' ' || to_char(c.at, 'YYYY-MM'),
              s.status, case when s.status = 'Paid' then c.at + interval '30 days' end
         from totals t
         cross join lateral (select now() - make_interval(secs => ($1::int - t.g) * (94608000.0 / $1::int)) as at) c
         cross join lateral (select (array[0, 5, 8.25, 13])[1 + t.g % 4]::numeric(5,2) as rate) r
         cross join lateral (select ${statusCase.replace(/\bg\b/g, 't.g')} as status) s
         join vendors v on v.n = (t.g::bigint * 7919) % $2::int
         join projects p on p.n = t.g % p.c
         join users u on u.n = t.g % u.c
        order by t.g`,
      [options.invoices, vendorCount],
    );
    await step(
      'invoice lines',
      `insert into invoice_line (invoice_id, line_no, description, quantity, unit_price, amount, gl_account)
       select g, k, (array['Paper A4, box', 'Toner cartridge', 'Consulting hour', 'Server rack unit', 'Courier',
                           'Licence seat', 'Cable set', 'Maintenance visit'])[1 + (g + k) % 8] || ' #' || k,
              quantity, unit_price, amount, '6' || lpad(((g + k) % 50)::text, 3, '0')
         from finb_line order by g, k`,
    );
    await client.query('drop table finb_line');
    await client.query(`select setval(pg_get_serial_sequence('invoice', 'id'), (select max(id) from invoice))`);
  } else log('invoices: present, left alone');

  if (!(await tableExists(client, 'open_item'))) log('open items: no open_item table in this build (skipped)');
  else if (await isEmpty(client, 'open_item')) await loadOpenItems(client, options, step);
  else log('open items: present, left alone');

  const started = performance.now();
  for (const table of ['vendor', 'invoice', 'invoice_line', 'open_item'])
    if (await tableExists(client, table)) await client.query(`vacuum analyze ${table}`);
  seconds['vacuum analyze'] = (performance.now() - started) / 1000;
  log(`vacuum analyze: ${seconds['vacuum analyze'].toFixed(1)} s`);
  const sizes = (
    await client.query<{ name: string; size: string }>(
      `select c.relname as name, pg_size_pretty(pg_total_relation_size(c.oid)) as size from pg_class c
        where c.relname in ('vendor', 'invoice', 'invoice_line', 'open_item', 'ticket') and c.relkind = 'r' order by 1`,
    )
  ).rows;
  return { seconds, sizes: Object.fromEntries(sizes.map((s) => [s.name, s.size])) };
}

/** Open items: `openItems` spread over the tickets in id order (serial and sort order 1, 2, … per ticket). */
async function loadOpenItems(
  client: pg.ClientBase,
  options: FinanceLoad,
  step: (name: string, text: string, params?: unknown[]) => Promise<unknown>,
) {
  const [row] = (await client.query<{ n: number }>('select count(*)::int as n from ticket')).rows;
  const tickets = row?.n ?? 0;
  if (tickets === 0) throw new Error('open items: no tickets to hang them on');
  const perTicket = Math.ceil(options.openItems / tickets);
  // Status by item: 30 % Open, 20 % InProgress, 40 % Complete, 10 % Cancelled; one description in twelve
  // mentions a printer (the keyword run's word).
  await step(
    'open items',
    `with users as (select row_number() over (order by id) - 1 as n, id, count(*) over () as c from app_user),
          items as (
            select t.id as ticket_id, t.project_id, t.open_date as ticket_opened, t.created_by, k,
                   row_number() over (order by t.id, k) as g
              from ticket t cross join generate_series(1, $1::int) k)
     insert into open_item (created_at, created_by, modified_at, modified_by, ticket_id, serial, sort_id, priority,
                            project_id, task_category, status, open_date, close_date, loe, approved_date,
                            point_of_contact, description, comment)
     select i.ticket_opened + make_interval(hours => i.k), i.created_by, i.ticket_opened + make_interval(hours => i.k),
            i.created_by, i.ticket_id, i.k, i.k, (array['Low', 'Medium', 'Medium', 'High', 'Urgent'])[1 + i.g % 5],
            i.project_id, (array['Analysis', 'Development', 'Testing', 'Documentation', 'FollowUp'])[1 + i.g % 5],
            s.status, (i.ticket_opened + make_interval(hours => i.k))::date,
            case when s.status in ('Complete', 'Cancelled') then i.ticket_opened + make_interval(days => i.k) end,
            ((i.g * 37) % 1600) / 100.0 + 0.25,
            case when i.g % 4 = 0 then (i.ticket_opened + make_interval(days => 1))::date end,
            u.id,
            (array['Collect the error logs from the affected machines', 'Apply the vendor patch on the test server',
                   'Confirm the fix with the customer', 'Update the knowledge base article',
                   'Replace the printer toner on the third floor', 'Reset the VPN token for the user',
                   'Order a replacement docking station', 'Check the backup job of the file server',
                   'Review the firewall change request', 'Migrate the mailbox to the new tenant',
                   'Schedule the on-site visit', 'Re-image the laptop'])[1 + i.g % 12] || ' (' || i.ticket_id || '.' || i.k || ')',
            case when i.g % 3 = 0 then 'Waiting for the customer to confirm' end
       from items i
       cross join lateral (select case when i.g % 10 < 3 then 'Open' when i.g % 10 < 5 then 'InProgress'
                                       when i.g % 10 < 9 then 'Complete' else 'Cancelled' end as status) s
       join users u on u.n = (i.g * 13) % u.c
      where i.g <= $2::int
      order by i.ticket_id, i.k`,
    [perTicket, options.openItems],
  );
}
