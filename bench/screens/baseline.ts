// The baseline of bench:screens (issue 35): the ticket list's first page as a static page of plain HTML, served by the
// same server from the same place as the app, so that every screen's time has a ratio measured in the same run on
// the same machine (the issue compared with osTicket, another product on another day). No script, one stylesheet
// inline; the markup carries the classes the ready probe looks for (a page view holding a table body row).
import type { TicketListItem } from '@casedesk/shared';

export const baselinePath = '/bench-baseline.html';

const escape = (text: unknown) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const columns: [keyof TicketListItem, string][] = [
  ['caseNumber', 'Case number'],
  ['subject', 'Subject'],
  ['status', 'Status'],
  ['priority', 'Priority'],
  ['ticketFrom', 'From'],
  ['dueDate', 'Due'],
  ['customer', 'Customer'],
  ['modifiedAt', 'Updated'],
];

/** The page: a header, a menu of links (the real menu's size is not the point) and the table of `rows`. */
export function baselineHtml(rows: TicketListItem[], total: number): string {
  const head = columns.map(([, title]) => `<th>${escape(title)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${columns
          .map(([key]) =>
            key === 'caseNumber'
              ? `<td><a href="/ticket/info/${row.id}">${escape(row.caseNumber)}</a></td>`
              : `<td>${escape(row[key])}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tickets</title>
<style>
body{font:14px system-ui,sans-serif;margin:0;display:flex}nav{width:200px;background:#001529;min-height:100vh}
nav a{display:block;color:#ddd;padding:8px 16px;text-decoration:none}.app-content{flex:1;padding:16px}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #eee;padding:8px;text-align:left}
th{background:#fafafa}
</style></head>
<body><nav><a href="/dashboard/ticket">Dashboard</a><a href="/ticket/list">Tickets</a></nav>
<main class="app-content"><div class="page-view"><h1>Tickets (${total})</h1>
<table class="ant-table"><thead><tr>${head}</tr></thead><tbody class="ant-table-tbody">
${body}
</tbody></table></div></main></body></html>
`;
}
