import type { FlowNode, RequestTypeCreate } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { codeMap } from '../../platform/seed.js';
import { category } from '../category/index.js';
import { appUser } from '../user/index.js';
import { seedPublishedWorkflow } from '../workflow/index.js';
import { requestType } from './request-type.table.js';

const text = (en: string, cn: string, tw: string) => ({ en, 'zh-cn': cn, 'zh-tw': tw });
const requester = (next: FlowNode): FlowNode => ({
  id: 'start',
  name: 'Requester',
  type: 'start',
  initiators: { everyone: true, userIds: [], roleIds: [], deptIds: [] },
  allowCancel: true,
  allowRecall: true,
  next,
});
const step = (id: string, name: string, userId: number, next: FlowNode | null): FlowNode => ({
  id,
  name,
  type: 'approver',
  approvers: { strategy: 'users', ids: [userId] },
  mode: 'any',
  next,
});
const end: FlowNode = { id: 'end', name: 'End', type: 'end' };

/**
 * The demo catalog's approvals. A new laptop goes to the team lead, and over a budget of 2,000 to the IT manager
 * too: the condition reads the form's field `custom.budget`, as conditions read custom fields (contract 21).
 */
export function demoCatalogApprovals(users: { lead: number; manager: number }) {
  return {
    'laptop-request': requester(
      step('team-lead', 'Team lead', users.lead, {
        id: 'budget',
        name: 'By budget',
        type: 'condition',
        branches: [
          {
            id: 'over-budget',
            name: 'Over 2,000',
            condition: { field: 'custom.budget', op: 'gt', value: 2000 },
            next: step('it-manager', 'IT manager', users.manager, null),
          },
          { id: 'within-budget', name: 'Up to 2,000', isDefault: true, next: null },
        ],
        next: end,
      }),
    ),
    'access-request': requester(step('system-owner', 'System owner', users.lead, end)),
    'purchase-request': requester(step('budget-holder', 'Budget holder', users.manager, end)),
  } satisfies Record<string, FlowNode>;
}

type DemoType = Omit<RequestTypeCreate, 'categoryId'> & { seedCode: string; category: string };

/** Three request types of the demo catalog, with their forms, approvals and fulfilment. */
function demoTypes(users: Map<string, number>): DemoType[] {
  const bob = users.get('bob') ?? null;
  const alice = users.get('alice') ?? null;
  return [
    {
      seedCode: 'new-laptop',
      category: 'HARDWARE',
      name: text('New laptop', '新笔记本电脑', '新筆記型電腦'),
      description: text(
        'A laptop for a new starter or to replace an old one.',
        '为新员工申请或更换旧的笔记本电脑。',
        '為新進員工申請或更換舊的筆記型電腦。',
      ),
      icon: 'laptop',
      projectIds: [],
      fields: [
        { key: 'model', required: true, order: 1 },
        { key: 'budget', required: true, order: 2 },
        { key: 'needed_by', required: false, order: 3 },
        { key: 'justification', required: true, order: 4 },
      ],
      workflowCode: 'laptop-request',
      fulfilment: [{ title: 'Prepare laptop', assigneeId: bob, when: 'approved' }],
      sort: 10,
      status: 'Active',
    },
    {
      seedCode: 'access-request',
      category: 'ACCESS',
      name: text('Access request', '权限申请', '權限申請'),
      description: text(
        'Access to a system, at the level and for as long as you need it.',
        '按所需级别和期限申请系统访问权限。',
        '依所需等級與期限申請系統存取權限。',
      ),
      icon: 'key',
      projectIds: [],
      fields: [
        { key: 'system', required: true, order: 1 },
        { key: 'access_level', required: true, order: 2 },
        { key: 'access_until', required: false, order: 3 },
      ],
      workflowCode: 'access-request',
      fulfilment: [{ title: 'Grant access', assigneeId: alice, when: 'approved' }],
      sort: 20,
      status: 'Active',
    },
    {
      seedCode: 'purchase',
      category: 'HARDWARE',
      name: text('Purchase', '采购', '採購'),
      description: text(
        'Anything to buy: what, how many, and for how much.',
        '任何采购：物品、数量和金额。',
        '任何採購：物品、數量與金額。',
      ),
      icon: 'shopping',
      projectIds: [],
      fields: [
        { key: 'item', required: true, order: 1 },
        { key: 'quantity', required: true, order: 2 },
        { key: 'amount', required: true, order: 3 },
        { key: 'vendor_note', required: false, order: 4 },
      ],
      workflowCode: 'purchase-request',
      fulfilment: [
        { title: 'Raise requisition', assigneeId: alice, when: 'created' },
        { title: 'Order', assigneeId: bob, when: 'approved' },
      ],
      sort: 30,
      status: 'Active',
    },
  ];
}

/** The demo catalog: its approvals (published, not in the registry: each type names its own) and its types. */
export async function seedDemoRequestTypes(tx: Tx): Promise<void> {
  const users = await codeMap(tx, appUser.id, appUser.loginName);
  const categories = await codeMap(tx, category.id, category.categoryCode);
  const lead = users.get('maria');
  if (!lead) return;
  const graphs = demoCatalogApprovals({ lead, manager: users.get('admin') ?? lead });
  for (const [code, flowChart] of Object.entries(graphs))
    await seedPublishedWorkflow(tx, {
      code: code as keyof typeof graphs,
      type: 'Ticket',
      businessTable: 'ticket',
      description: 'Started by its request type in the request catalog.',
      flowChart,
    });
  const rows = demoTypes(users).flatMap(({ category: code, ...type }) => {
    const categoryId = categories.get(code);
    return categoryId ? [{ ...type, categoryId }] : [];
  });
  if (rows.length) await tx.insert(requestType).values(rows);
}
