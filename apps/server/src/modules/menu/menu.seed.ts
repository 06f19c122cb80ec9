import { sql } from 'drizzle-orm';
import type { PermissionCode, PermissionModule } from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import { menu } from './menu.table.js';

export type MenuSeed = {
  path: string;
  name: string;
  component?: string;
  module?: PermissionModule;
  /** A permission the entry needs besides the module's page permission. */
  identification?: PermissionCode;
  icon?: string;
  hide?: boolean;
  affix?: boolean;
  titles: [en: string, zhCn: string, zhTw: string];
  children?: MenuSeed[];
};

const page = (
  path: string,
  name: string,
  module: PermissionModule,
  titles: MenuSeed['titles'],
  extra: Partial<MenuSeed> = {},
): MenuSeed => ({
  path,
  name,
  component: `${path.replace(/^\//, '').replace(/\/:\w+/g, '')}/index`,
  module,
  titles,
  ...extra,
});

/** The business screens of spec section 2, as the first menu tree; administrators edit it afterwards. */
export const menuSeed: MenuSeed[] = [
  {
    path: '/dashboard',
    name: 'Dashboard',
    icon: 'DashboardOutlined',
    titles: ['Home', '首页', '首頁'],
    children: [
      page('/dashboard/ticket', 'DashboardTicket', 'ticket', ['Dashboard', '仪表盘', '儀表板'], {
        affix: true,
        icon: 'DashboardOutlined',
      }),
      // Every signed-in user has notifications: no module permission.
      {
        path: '/notification/list',
        name: 'NotificationList',
        component: 'notification/list/index',
        icon: 'BellOutlined',
        titles: ['My notifications', '我的通知', '我的通知'],
      },
      // Everyone has approval tasks (their own boxes): no module permission.
      {
        path: '/task',
        name: 'Task',
        component: 'task/index',
        icon: 'AuditOutlined',
        titles: ['My approvals', '我的审批', '我的審批'],
      },
      // Participants (initiator, approvers, CC) open an instance from their boxes: no module permission, so it
      // hangs under Home (a hidden page under Workflow would show that group to everyone).
      {
        path: '/workflow/instance/info/:id',
        name: 'WorkflowInstanceInfo',
        component: 'workflow/instance/info/index',
        hide: true,
        titles: ['Approval', '审批详情', '審批詳情'],
      },
    ],
  },
  {
    path: '/ticket',
    name: 'Ticket',
    icon: 'FileTextOutlined',
    titles: ['Tickets', '工单', '工單'],
    children: [
      page('/ticket/list', 'TicketList', 'ticket', ['Ticket list', '工单列表', '工單列表']),
      page('/ticket/create', 'TicketCreate', 'ticket', ['New ticket', '新建工单', '新增工單'], {
        identification: 'ticket:create',
      }),
      // Requesters pick a request type and follow their request (contract 21).
      page('/catalog', 'Catalog', 'ticket', ['Request catalog', '服务目录', '服務目錄'], {
        identification: 'ticket:create',
      }),
      page('/catalog/request/:id', 'CatalogRequest', 'ticket', ['My request', '我的请求', '我的請求'], { hide: true }),
      page('/ticket/edit/:id', 'TicketEdit', 'ticket', ['Edit ticket', '编辑工单', '編輯工單'], {
        hide: true,
        identification: 'ticket:edit',
      }),
      page('/ticket/info/:id', 'TicketInfo', 'ticket', ['Ticket details', '工单详情', '工單詳情'], { hide: true }),
      page('/ticket/scheduled', 'ScheduledTicketList', 'scheduledTicket', [
        'Scheduled tickets',
        '计划工单',
        '排程工單',
      ]),
      page('/textModule/list', 'TextModuleList', 'textModule', ['Canned replies', '快捷回复', '快捷回覆']),
      // Agents keep their own macros here; managers share them (contract 20).
      page('/macro/list', 'MacroList', 'macro', ['Macros', '宏', '巨集'], { component: 'ticket/macro/index' }),
      page('/openItem/list', 'OpenItemList', 'openItem', ['Open items', '待办事项', '待辦事項']),
      page('/openItem/info/:id', 'OpenItemInfo', 'openItem', ['Open item', '待办事项详情', '待辦事項詳情'], {
        hide: true,
      }),
    ],
  },
  {
    path: '/master',
    name: 'MasterData',
    icon: 'DatabaseOutlined',
    titles: ['Master data', '基础数据', '基礎資料'],
    children: [
      page('/category/list', 'CategoryList', 'category', ['Categories', '类别', '類別']),
      // Typed fields administrators add to tickets, per category (contract 21).
      page('/customField/list', 'CustomFieldList', 'customField', ['Custom fields', '自定义字段', '自訂欄位']),
      // The request catalog's items: forms of custom fields that become tickets (contract 21).
      page('/requestType/list', 'RequestTypeList', 'requestType', ['Request types', '请求类型', '請求類型']),
      page('/project/list', 'ProjectList', 'project', ['Projects', '项目', '專案']),
      page('/company/list', 'CompanyList', 'company', ['Companies', '公司', '公司']),
      page('/vendor/list', 'VendorList', 'vendor', ['Vendors', '供应商', '供應商']),
    ],
  },
  {
    path: '/email',
    name: 'Email',
    icon: 'MailOutlined',
    titles: ['E-mail', '邮件', '郵件'],
    children: [
      page('/email/list', 'EmailList', 'email', ['E-mail list', '邮件列表', '郵件列表']),
      page('/email/template', 'EmailTemplate', 'emailTemplate', ['E-mail templates', '邮件模板', '郵件範本']),
    ],
  },
  {
    path: '/workflow',
    name: 'Workflow',
    icon: 'ApartmentOutlined',
    titles: ['Workflow', '工作流', '工作流程'],
    children: [
      page('/workflow/design', 'WorkflowDesign', 'workflow', ['Designer', '流程设计', '流程設計']),
      page('/workflow/definition', 'WorkflowDefinition', 'workflow', ['Definitions', '流程定义', '流程定義']),
      page('/workflow/instance', 'WorkflowInstance', 'workflow', ['Instances', '流程实例', '流程實例']),
      page('/workflow/registry', 'WorkflowRegistry', 'workflow', ['Registry', '流程登记', '流程登記']),
    ],
  },
  {
    path: '/finance',
    name: 'Finance',
    icon: 'AccountBookOutlined',
    titles: ['Invoices and import', '发票与导入', '發票與匯入'],
    children: [
      page('/invoice/list', 'InvoiceList', 'invoice', ['Invoices', '发票', '發票']),
      page('/invoice/indexing', 'InvoiceIndexing', 'invoice', ['Indexing', '发票录入', '發票登錄'], {
        identification: 'invoice:index',
      }),
      page('/invoice/info/:id', 'InvoiceInfo', 'invoice', ['Invoice', '发票详情', '發票詳情'], { hide: true }),
      page('/requisition/list', 'RequisitionList', 'requisition', ['Requisitions', '请购单', '請購單']),
      page('/requisition/info/:id', 'RequisitionInfo', 'requisition', ['Requisition', '请购单详情', '請購單詳情'], {
        hide: true,
      }),
      page('/import/list', 'ImportList', 'import', ['Data import', '数据导入', '資料匯入']),
    ],
  },
  {
    path: '/organization',
    name: 'Organization',
    icon: 'TeamOutlined',
    titles: ['Organisation', '组织', '組織'],
    children: [
      page('/system/user', 'UserList', 'user', ['Users', '用户', '使用者']),
      page('/system/deletedUser', 'DeletedUserList', 'user', ['Deleted users', '已删除用户', '已刪除使用者']),
      page('/system/userGroup', 'UserGroupList', 'userGroup', ['User groups', '用户组', '使用者群組']),
      page('/system/role', 'RoleList', 'role', ['Roles', '角色', '角色']),
      page('/system/dept', 'DeptList', 'dept', ['Departments', '部门', '部門']),
      page('/system/position', 'PositionList', 'position', ['Positions', '职位', '職位']),
      page('/delegate/list', 'DelegateList', 'delegate', ['Delegates', '委托', '委託']),
      page('/delegate/audit', 'DelegateAudit', 'delegate', ['Delegate audit', '委托审计', '委託稽核'], {
        identification: 'delegate:history',
      }),
    ],
  },
  // Service levels (contract 19): the policies a ticket's clock follows, the calendars they count in, and the
  // report of how the desk met them (anyone who sees tickets; it counts only the tickets they see).
  {
    path: '/sla',
    name: 'ServiceLevel',
    icon: 'ClockCircleOutlined',
    titles: ['Service levels', '服务级别', '服務級別'],
    children: [
      page('/sla/policy', 'SlaPolicyList', 'slaPolicy', ['Policies', '策略', '政策']),
      page('/sla/calendar', 'SlaCalendarList', 'slaCalendar', ['Calendars', '日历', '行事曆']),
      page('/sla/report', 'SlaReport', 'ticket', ['Report', '报表', '報表'], { identification: 'ticket:view' }),
    ],
  },
  // Automation (contract 23): triggers act on tickets at events and on schedules; webhooks tell other systems.
  {
    path: '/automation',
    name: 'Automation',
    icon: 'ThunderboltOutlined',
    titles: ['Automation', '自动化', '自動化'],
    children: [
      page('/automation/trigger', 'TriggerList', 'trigger', ['Triggers', '触发器', '觸發器']),
      page('/automation/triggerRun', 'TriggerRunLog', 'trigger', ['Trigger log', '触发器日志', '觸發器日誌'], {
        identification: 'trigger:view',
      }),
      page('/automation/webhook', 'WebhookList', 'webhook', ['Webhooks', 'Webhook', 'Webhook']),
      page('/automation/webhookDelivery', 'WebhookDeliveryLog', 'webhook', ['Delivery log', '投递日志', '投遞日誌'], {
        identification: 'webhook:view',
      }),
    ],
  },
  {
    path: '/system',
    name: 'System',
    icon: 'SettingOutlined',
    titles: ['System', '系统', '系統'],
    children: [
      page('/system/settings', 'Settings', 'settings', ['Settings', '系统设置', '系統設定']),
      page('/system/configuration', 'ConfigurationList', 'configuration', ['Configuration', '配置', '組態']),
      page('/system/dictionary', 'DictionaryList', 'dictionary', ['Dictionaries', '字典', '字典']),
      page('/system/menu', 'MenuList', 'menu', ['Menus', '菜单', '選單']),
      page('/system/webApi', 'WebApiList', 'webApi', ['Web APIs', '接口', '介面']),
      page('/system/region', 'RegionList', 'region', ['Regions', '区域', '區域']),
      page('/system/industry', 'IndustryList', 'industry', ['Industries', '行业', '行業']),
      page('/system/scheduleJob', 'ScheduleJobList', 'scheduleJob', ['Scheduled jobs', '定时任务', '排程任務']),
      page('/dataManagement', 'DataManagement', 'dataManagement', ['Data management', '数据管理', '資料管理']),
    ],
  },
  {
    path: '/log',
    name: 'Log',
    icon: 'ProfileOutlined',
    titles: ['Logs', '日志', '日誌'],
    children: [
      page('/log/login', 'LoginLog', 'log', ['Sign-in log', '登录日志', '登入日誌']),
      page('/log/request', 'RequestLog', 'log', ['Request log', '请求日志', '請求日誌']),
      page('/log/sql', 'SqlLog', 'log', ['SQL log', 'SQL 日志', 'SQL 日誌']),
      page('/log/system', 'SystemLog', 'log', ['System log', '系统日志', '系統日誌']),
      page('/log/holidayReminder', 'HolidayReminderLog', 'log', [
        'Holiday reminder log',
        '假期提醒日志',
        '假期提醒日誌',
      ]),
      // The audit trail (contract 24): its own permission, the values of every record are in it.
      page('/log/audit', 'AuditLog', 'audit', ['Audit log', '审计日志', '稽核日誌']),
    ],
  },
  // Everyone reads the help centre: no module permission.
  {
    path: '/help',
    name: 'Help',
    component: 'help/index',
    icon: 'QuestionCircleOutlined',
    titles: ['Help', '帮助', '說明'],
  },
  {
    path: '/personal',
    name: 'Personal',
    component: 'personal/index',
    hide: true,
    icon: 'UserOutlined',
    titles: ['My account', '个人中心', '個人中心'],
  },
];

async function insertMenus(tx: Tx, entries: MenuSeed[], parentId: number | null) {
  for (const [index, entry] of entries.entries()) {
    const [en, zhCn, zhTw] = entry.titles;
    const [row] = await tx
      .insert(menu)
      .values({
        parentId,
        path: entry.path,
        name: entry.name,
        component: entry.component ?? '',
        sort: (index + 1) * 10,
        title: en,
        titles: { en, 'zh-cn': zhCn, 'zh-tw': zhTw },
        isHide: entry.hide ?? false,
        isAffix: entry.affix ?? false,
        icon: entry.icon ?? '',
        permissionModule: entry.module ?? null,
        identification: entry.identification ?? null,
      })
      .returning({ id: menu.id });
    if (entry.children && row) await insertMenus(tx, entry.children, row.id);
  }
}

/** The first menu tree, on a database that has none; administrators edit it afterwards. */
export async function seedMenus(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ menus } = { menus: 0 }] = await tx.select({ menus: sql<number>`count(*)::int` }).from(menu);
    if (menus === 0) await insertMenus(tx, menuSeed, null);
  });
}
