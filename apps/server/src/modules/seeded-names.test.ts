import { describe, expect, it } from 'vitest';
import { seededDictionaryItems, seededNames, walkFlowChart, type FlowNode } from '@casedesk/shared';
import { languages, textAt } from '../platform/translator.js';
import { modules } from './index.js';
import { demoInvoiceApproval } from './invoice/invoice.seed.js';
import { demoRequisitionApproval } from './requisition/requisition.seed.js';
import { demoCatalogApprovals } from './requestType/request-type.seed.js';
import { demoTicketApproval } from './workflow/workflow.seed.js';

// The web shows a seeded record's name in the reader's language while it is the seeded one (seededNames): a seed
// that writes another name would stay English, so the seeds and the catalog must agree.
describe('seeded names', () => {
  it('every default job is named and described as the catalog names its class', () => {
    const defaults = modules.flatMap((m) => m.jobs?.defaults ?? []);
    expect(defaults.length).toBeGreaterThan(5);
    const job: Record<string, string> = seededNames.job;
    for (const d of defaults) expect(d.name, d.className).toBe(job[d.className]);
    const remark: Record<string, string> = seededNames.jobRemark;
    for (const d of defaults) expect(d.remark, d.className).toBe(remark[d.className]);
  });

  // The list shows a default job's name and its handler's title side by side: where English names them alike, so
  // does every language (a Chinese admin read 日志保留 beside 日志清理 for one "Log retention").
  it('a default job named like its handler reads the same as it in every language', () => {
    const handlers = new Map(modules.flatMap((m) => m.jobs?.handlers ?? []).map((h) => [h.className, h]));
    const alike = modules
      .flatMap((m) => m.jobs?.defaults ?? [])
      .filter((d) => handlers.get(d.className)?.title.en === d.name);
    expect(alike.length).toBeGreaterThan(5);
    for (const d of alike)
      for (const language of languages)
        expect(handlers.get(d.className)?.title[language], `${language} ${d.className}`).toBe(
          textAt(language, `seed.job.${d.className}`),
        );
  });

  // Vendors, open items and companies store a seeded item's value; their exports word it as the screens do.
  it('a seeded dictionary item has its words in every language', () => {
    for (const code of ['ticketType', 'paymentMethod', 'paymentTerm', 'taskCategory', 'businessUnit'] as const)
      for (const { key } of seededDictionaryItems(code)) {
        for (const language of ['zh-cn', 'zh-tw'] as const) {
          const text = textAt(language, `seed.dictionaryItem.${code}.${key}`);
          expect(text, `${language} ${code}.${key}`).toMatch(/[\u4e00-\u9fff]/);
        }
      }
  });

  it('every node and branch of the demo workflows is named as the catalog names it', () => {
    const graphs: [string, FlowNode][] = [
      ['ticket-approval', demoTicketApproval({ lead: 1, manager: 2, desk: 3 })],
      ['invoice-approval', demoInvoiceApproval({ lead: 1, finance: 2 })],
      ['requisition-approval', demoRequisitionApproval({ lead: 1, manager: 2 })],
      ...Object.entries(demoCatalogApprovals({ lead: 1, manager: 2 })),
    ];
    const seen = new Map<string, string>();
    for (const [code, graph] of graphs)
      walkFlowChart(graph, (node) => {
        seen.set(`${code}.${node.id}`, node.name);
        if (node.type === 'condition' || node.type === 'parallel')
          for (const branch of node.branches) seen.set(`${code}.${branch.id}`, branch.name ?? '');
      });
    expect(Object.fromEntries(seen)).toEqual(seededNames.workflowNode);
  });
});
