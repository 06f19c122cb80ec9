import type { ModuleManifest } from '../platform/module.js';
import { authModule } from './auth/index.js';
import { menuModule } from './menu/index.js';
import { accountModule } from './account/index.js';
import { deptModule } from './dept/index.js';
import { positionModule } from './position/index.js';
import { dictionaryModule } from './dictionary/index.js';
import { companyModule } from './company/index.js';
import { vendorModule } from './vendor/index.js';
import { projectModule } from './project/index.js';
import { categoryModule } from './category/index.js';
import { customFieldModule } from './customField/index.js';
import { ticketModule } from './ticket/index.js';
import { fileModule } from './file/index.js';
import { roleModule } from './role/index.js';
import { userModule } from './user/index.js';
import { userGroupModule } from './userGroup/index.js';
import { regionModule } from './region/index.js';
import { industryModule } from './industry/index.js';
import { configurationModule } from './configuration/index.js';
import { webApiModule } from './webApi/index.js';
import { settingModule } from './setting/index.js';
import { slaModule } from './sla/index.js';
import { apiTokenModule } from './apiToken/index.js';
import { delegateModule } from './delegate/index.js';
import { scheduleJobModule } from './scheduleJob/index.js';
import { logModule } from './log/index.js';
import { scheduledTicketModule } from './scheduledTicket/index.js';
import { emailModule } from './email/index.js';
import { notificationModule } from './notification/index.js';
import { workflowModule } from './workflow/index.js';
import { requisitionModule } from './requisition/index.js';
import { invoiceModule } from './invoice/index.js';
import { openItemModule } from './openItem/index.js';
import { importModule } from './import/index.js';
import { dataManagementModule } from './dataManagement/index.js';
import { textModuleModule } from './textModule/index.js';
import { macroModule } from './macro/index.js';
import { ticketViewModule } from './ticketView/index.js';
import { requestTypeModule } from './requestType/index.js';
import { webhookModule } from './webhook/index.js';
import { triggerModule } from './trigger/index.js';
import { directoryModule } from './directory/index.js';

/**
 * Every module, once: the app registers their routes, the seeds run their seed data and the tests seed
 * through them, all in this order (a module's seed may read what an earlier one wrote: roles before users).
 */
export const modules: readonly ModuleManifest[] = [
  authModule,
  menuModule,
  accountModule,
  deptModule,
  positionModule,
  dictionaryModule,
  companyModule,
  vendorModule,
  projectModule,
  roleModule,
  userModule,
  categoryModule,
  // Before ticket (the ticket's custom values are checked against its definitions).
  customFieldModule,
  ticketModule,
  fileModule,
  userGroupModule,
  regionModule,
  industryModule,
  configurationModule,
  webApiModule,
  settingModule,
  // After setting (its seed reads the settings' time zone).
  slaModule,
  apiTokenModule,
  delegateModule,
  scheduleJobModule,
  logModule,
  scheduledTicketModule,
  emailModule,
  notificationModule,
  workflowModule,
  requisitionModule,
  // After vendor and requisition (its demo reads their rows).
  invoiceModule,
  openItemModule,
  // After ticket, custom field, workflow and open item (its submit writes through them; its demo reads them).
  requestTypeModule,
  // After ticket, user group and e-mail (its Render reads their rows and the templates' sandbox).
  textModuleModule,
  // After every module it writes into.
  importModule,
  dataManagementModule,
  macroModule,
  ticketViewModule,
  // After ticket (its events' payloads read tickets).
  webhookModule,
  triggerModule,
  // After user, dept, ticket and workflow (its sync writes users and departments, hands over tickets and tasks).
  directoryModule,
];
