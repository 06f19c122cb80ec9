import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomFieldDefinition, FlowNode, WorkflowInstanceInfo } from '@casedesk/shared';
import { clearSession, startSession } from '../../../../../platform/auth-store';
import { useJsdomBrowser, mountRoot } from '../../../../../platform/jsdom-browser.fixture';
import { testUser } from '../../../../../platform/user-info.fixture';
import labelsCn from '../../../../../platform/labels/locales/zh-cn.json';
import workflowCn from '../../../locales/zh-cn.json';
import { ConditionText } from '../../../components/node-texts';
import InstanceInfoPage from './index';

// The ticket screens' words for its priorities and statuses (read as a file: a feature imports no other feature).
const ticketCn = JSON.parse(readFileSync(join(process.cwd(), 'src/features/ticket/locales/zh-cn.json'), 'utf8')) as {
  ticket: { priority: Record<string, string>; status: Record<string, string> };
};

vi.mock('../../../../../platform/http/auth-token', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  createAuthToken: async () => 'auth-token',
}));

// The demo's ticket approval as seeded (its code and English names are those of seededNames).
const chart: FlowNode = {
  id: 'start',
  name: 'Submitter',
  type: 'start',
  next: {
    id: 'team-lead',
    name: 'Team lead',
    type: 'approver',
    approvers: { strategy: 'users', ids: [3] },
    mode: 'any',
    next: { id: 'end', name: 'End', type: 'end' },
  },
} as FlowNode;

// A ticket custom field with labels in three languages (a select: its options by label).
const level: CustomFieldDefinition = {
  id: 11,
  key: 'level',
  type: 'select',
  label: { en: 'Level', 'zh-cn': '客户级别', 'zh-tw': '客戶級別' },
  options: [
    { value: 'gold', label: { en: 'Gold', 'zh-cn': '金牌', 'zh-tw': '金牌' } },
    { value: 'silver', label: { en: 'Silver', 'zh-cn': '银牌', 'zh-tw': '銀牌' } },
  ],
  required: false,
  validation: {},
  categoryIds: [],
  status: 'Active',
};

const info: WorkflowInstanceInfo = {
  instance: {
    id: 5,
    workflowId: 1,
    workflowCode: 'ticket-approval',
    workflowName: 'Ticket approval',
    versionId: 1,
    version: 1,
    businessType: 'Ticket',
    businessId: 9,
    title: 'T-9 Printer down',
    status: 'Running',
    initiatorId: 7,
    initiatorName: 'Ada',
    currentNodes: ['team-lead'],
    currentNodeNames: ['Team lead'],
    startedAt: '2026-01-05T08:00:00.000Z',
    finishedAt: null,
    rowVersion: 1,
  },
  flowChart: chart,
  path: ['start', 'team-lead'],
  tasks: [],
  log: [],
  actions: [],
  myTasks: [],
  fields: { priority: 'High', status: 'Assigned', projectId: 4, subject: 'Printer down', 'custom.level': 'gold' },
  fieldAccess: { priority: 'read', status: 'read', projectId: 'read', subject: 'read', 'custom.level': 'read' },
  fieldTexts: { projectId: 'DESK · Service desk', 'custom.level': 'Gold' },
  customFields: [level],
};

// A copy of the demo an admin made and published again: another code and name, the demo's node ids and names, and
// a node the admin added and named like a demo node (the designer's id: typed, so shown as typed).
const copied: WorkflowInstanceInfo = {
  ...info,
  instance: {
    ...info.instance,
    id: 6,
    workflowCode: 'our-approval',
    workflowName: 'Ours',
    version: 2,
    currentNodes: ['team-lead', 'approver_ab12cd'],
    currentNodeNames: ['Team lead', 'Team lead'],
  },
  flowChart: {
    ...chart,
    next: {
      ...chart.next!,
      next: {
        id: 'approver_ab12cd',
        name: 'Team lead',
        type: 'approver',
        approvers: { strategy: 'users', ids: [4] },
        mode: 'any',
        next: { id: 'end', name: 'End', type: 'end' },
      },
    },
  } as FlowNode,
  log: [
    {
      id: 1,
      taskId: null,
      nodeId: 'start',
      nodeName: 'Submitter',
      action: 'submit',
      actorId: 7,
      actorName: 'Ada',
      onBehalfOfId: null,
      onBehalfOfName: null,
      comment: null,
      commentKey: null,
      detail: null,
      channel: 'link',
      createdAt: '2026-01-05T08:00:00.000Z',
    },
  ],
};

const project = { id: 4, projectCode: 'DESK', projectName: 'Service desk' };
const answers: Record<string, unknown> = {
  '/api/WorkflowInstance/Info/5': info,
  '/api/WorkflowInstance/Info/6': copied,
  '/api/Project/Get/4': project,
  '/api/CustomField/Definitions/Ticket': [level],
};

let root: Root | undefined;
let host: HTMLDivElement;

beforeAll(async () => {
  useJsdomBrowser();
  await i18n.use(initReactI18next).init({ lng: 'zh-cn', lowerCaseLng: true, interpolation: { escapeValue: false } });
  i18n.addResourceBundle('zh-cn', 'translation', { ...labelsCn, ...ticketCn, ...workflowCn }, true, true);
  await i18n.changeLanguage('zh-cn');
});

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    const data = answers[path];
    return new Response(JSON.stringify({ resultCode: data ? 200 : 404, resultMsg: 'OK', data: data ?? null }), {
      status: data ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  startSession(
    { token: 't', exp: 0, refreshToken: 'r' },
    { ...testUser, language: 'zh-cn', authBtnList: ['project:view'] },
  );
  ({ root, host } = mountRoot());
});

afterEach(() => {
  act(() => root?.unmount());
  host.remove();
  clearSession();
  vi.unstubAllGlobals();
});

async function show(element: React.ReactNode, until: () => boolean) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  await act(async () =>
    root!.render(
      <QueryClientProvider client={client}>
        <App>{element}</App>
      </QueryClientProvider>,
    ),
  );
  // Vitest's default (1 s) is a wall-clock wait that a busy machine can outlast.
  await vi.waitFor(() => expect(until()).toBe(true), { timeout: 15_000 });
}

describe('the approval page in Chinese', () => {
  it('shows the record’s values by their labels and the demo workflow’s names in Chinese', async () => {
    await show(
      <MemoryRouter initialEntries={['/workflow/instance/info/5']}>
        <Routes>
          <Route path="/workflow/instance/info/:id" element={<InstanceInfoPage />} />
        </Routes>
      </MemoryRouter>,
      () => host.querySelector('.instance-record') !== null,
    );
    const record = host.querySelector('.instance-record')!.textContent!;
    expect(record).toContain(ticketCn.ticket.priority.High);
    expect(record).toContain(ticketCn.ticket.status.Assigned);
    expect(record).not.toMatch(/\bHigh\b|\bAssigned\b/);
    expect(record).toContain('DESK · Service desk');
    // The custom field by its Chinese label and its option's Chinese label, never its key or value.
    expect(record).toContain('客户级别');
    expect(record).toContain('金牌');
    expect(record).not.toMatch(/gold|Gold|custom\./);
    const header = host.querySelector('.instance-header')!.textContent!;
    expect(header).toContain(labelsCn.seed.workflow['ticket-approval']);
    expect(header).toContain(labelsCn.seed.workflowNode['ticket-approval']['team-lead']);
    expect(header).not.toContain('Team lead');
  });

  it('a copy of the demo, published again, still shows its seeded node names in Chinese; a typed name as typed', async () => {
    await show(
      <MemoryRouter initialEntries={['/workflow/instance/info/6']}>
        <Routes>
          <Route path="/workflow/instance/info/:id" element={<InstanceInfoPage />} />
        </Routes>
      </MemoryRouter>,
      () => host.querySelector('.instance-header') !== null,
    );
    const lead = labelsCn.seed.workflowNode['ticket-approval']['team-lead'];
    const header = host.querySelector('.instance-header')!.textContent!;
    expect(header).toContain('Ours');
    expect(header).toContain(`${lead}, Team lead`);
    const page = host.textContent!;
    expect(page).toContain(labelsCn.seed.workflowNode['ticket-approval'].start);
    expect(page).not.toContain('Submitter');
  });

  it('a condition names the project and the priority’s label, not an id or a code', async () => {
    await show(
      <div className="condition">
        <ConditionText
          type="Ticket"
          conditions={[
            { field: 'projectId', op: 'eq', value: 4 },
            { field: 'priority', op: 'in', value: ['Urgent', 'High'] },
            { field: 'custom.level', op: 'eq', value: 'silver' },
          ]}
        />
      </div>,
      () => host.textContent!.includes('DESK · Service desk') && host.textContent!.includes('客户级别'),
    );
    const text = host.querySelector('.condition')!.textContent!;
    expect(text).toContain(
      `${workflowCn.workflow.field.Ticket.projectId} ${workflowCn.workflow.op.eq} DESK · Service desk`,
    );
    expect(text).toContain(`${ticketCn.ticket.priority.Urgent}, ${ticketCn.ticket.priority.High}`);
    expect(text).not.toMatch(/\b4\b/);
    expect(text).toContain(`客户级别 ${workflowCn.workflow.op.eq} 银牌`);
  });
});
