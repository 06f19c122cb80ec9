import { describe, expect, it } from 'vitest';
import { seededNames } from '@casedesk/shared';
import { wordedValues } from './email-words.js';

/** A mail's fixed values and seeded names read in the template's language (contract 18). */
describe('the values a template renders', () => {
  const approval = (status: string, workflowName: string, nodeName: string) => ({
    approval: { title: 'TCK-1 Printer', status, workflowName, nodeName },
    ticket: { caseNumber: 'TCK-1', status: 'InProgress', priority: 'Urgent' },
  });
  const seeded = [
    { path: ['approval', 'workflowName'] as [string, string], kind: 'workflow' as const, code: 'ticket-approval' },
    // The step by its node, whichever definition holds it (a copy of the demo too).
    { path: ['approval', 'nodeName'] as [string, string], nodeId: 'team-lead' },
  ];

  it("are labelled in the template's language; the outcome's code stays for conditions", () => {
    const values = approval('Rejected', seededNames.workflow['ticket-approval'], 'Team lead');
    expect(wordedValues(values, 'zh-cn', seeded)).toEqual({
      approval: {
        title: 'TCK-1 Printer',
        status: 'Rejected',
        statusLabel: '已驳回',
        workflowName: '工单审批',
        nodeName: '组长',
      },
      ticket: { caseNumber: 'TCK-1', status: '处理中', priority: '紧急' },
    });
    expect(wordedValues(values, 'en', seeded)).toMatchObject({
      approval: { statusLabel: 'Rejected', workflowName: 'Ticket approval', nodeName: 'Team lead' },
      ticket: { status: 'In progress', priority: 'Urgent' },
    });
  });

  it('keep a name a user gave, and a value none of its kind has, as written', () => {
    const values = approval('Odd', 'Our own approval', 'Team leads');
    expect(wordedValues({ ...values, ticket: { priority: 'P9' } }, 'zh-tw', seeded)).toEqual({
      approval: {
        title: 'TCK-1 Printer',
        status: 'Odd',
        statusLabel: 'Odd',
        workflowName: 'Our own approval',
        nodeName: 'Team leads',
      },
      ticket: { priority: 'P9' },
    });
  });
});
