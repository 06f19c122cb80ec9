/*
 * The web's own locale files the server words things with (refusals, field labels, fixed values, seeded names,
 * spreadsheet headers, the import's error file), bundled by esbuild as static JSON: no copy to keep equal.
 */
import appEn from '../../../web/src/app/locales/en.json' with { type: 'json' };
import appCn from '../../../web/src/app/locales/zh-cn.json' with { type: 'json' };
import appTw from '../../../web/src/app/locales/zh-tw.json' with { type: 'json' };
import platformEn from '../../../web/src/platform/locales/en.json' with { type: 'json' };
import platformCn from '../../../web/src/platform/locales/zh-cn.json' with { type: 'json' };
import platformTw from '../../../web/src/platform/locales/zh-tw.json' with { type: 'json' };
import fieldsEn from '../../../web/src/platform/fields/locales/en.json' with { type: 'json' };
import fieldsCn from '../../../web/src/platform/fields/locales/zh-cn.json' with { type: 'json' };
import fieldsTw from '../../../web/src/platform/fields/locales/zh-tw.json' with { type: 'json' };
import crudEn from '../../../web/src/platform/crud/locales/en.json' with { type: 'json' };
import crudCn from '../../../web/src/platform/crud/locales/zh-cn.json' with { type: 'json' };
import crudTw from '../../../web/src/platform/crud/locales/zh-tw.json' with { type: 'json' };
import labelsEn from '../../../web/src/platform/labels/locales/en.json' with { type: 'json' };
import labelsCn from '../../../web/src/platform/labels/locales/zh-cn.json' with { type: 'json' };
import labelsTw from '../../../web/src/platform/labels/locales/zh-tw.json' with { type: 'json' };
import approvalEn from '../../../web/src/platform/approval/locales/en.json' with { type: 'json' };
import approvalCn from '../../../web/src/platform/approval/locales/zh-cn.json' with { type: 'json' };
import approvalTw from '../../../web/src/platform/approval/locales/zh-tw.json' with { type: 'json' };
import auditEn from '../../../web/src/platform/audit/locales/en.json' with { type: 'json' };
import automationEn from '../../../web/src/features/automation/locales/en.json' with { type: 'json' };
import automationCn from '../../../web/src/features/automation/locales/zh-cn.json' with { type: 'json' };
import automationTw from '../../../web/src/features/automation/locales/zh-tw.json' with { type: 'json' };
import auditCn from '../../../web/src/platform/audit/locales/zh-cn.json' with { type: 'json' };
import auditTw from '../../../web/src/platform/audit/locales/zh-tw.json' with { type: 'json' };
import authEn from '../../../web/src/features/auth/locales/en.json' with { type: 'json' };
import authCn from '../../../web/src/features/auth/locales/zh-cn.json' with { type: 'json' };
import authTw from '../../../web/src/features/auth/locales/zh-tw.json' with { type: 'json' };
import ticketEn from '../../../web/src/features/ticket/locales/en.json' with { type: 'json' };
import ticketCn from '../../../web/src/features/ticket/locales/zh-cn.json' with { type: 'json' };
import ticketTw from '../../../web/src/features/ticket/locales/zh-tw.json' with { type: 'json' };
import workflowEn from '../../../web/src/features/workflow/locales/en.json' with { type: 'json' };
import workflowCn from '../../../web/src/features/workflow/locales/zh-cn.json' with { type: 'json' };
import workflowTw from '../../../web/src/features/workflow/locales/zh-tw.json' with { type: 'json' };
import invoiceEn from '../../../web/src/features/invoice/locales/en.json' with { type: 'json' };
import invoiceCn from '../../../web/src/features/invoice/locales/zh-cn.json' with { type: 'json' };
import invoiceTw from '../../../web/src/features/invoice/locales/zh-tw.json' with { type: 'json' };
import requisitionEn from '../../../web/src/features/requisition/locales/en.json' with { type: 'json' };
import requisitionCn from '../../../web/src/features/requisition/locales/zh-cn.json' with { type: 'json' };
import requisitionTw from '../../../web/src/features/requisition/locales/zh-tw.json' with { type: 'json' };
import openItemEn from '../../../web/src/features/openItem/locales/en.json' with { type: 'json' };
import openItemCn from '../../../web/src/features/openItem/locales/zh-cn.json' with { type: 'json' };
import openItemTw from '../../../web/src/features/openItem/locales/zh-tw.json' with { type: 'json' };
import delegateEn from '../../../web/src/features/delegate/locales/en.json' with { type: 'json' };
import delegateCn from '../../../web/src/features/delegate/locales/zh-cn.json' with { type: 'json' };
import delegateTw from '../../../web/src/features/delegate/locales/zh-tw.json' with { type: 'json' };
import logEn from '../../../web/src/features/log/locales/en.json' with { type: 'json' };
import logCn from '../../../web/src/features/log/locales/zh-cn.json' with { type: 'json' };
import logTw from '../../../web/src/features/log/locales/zh-tw.json' with { type: 'json' };
import emailEn from '../../../web/src/features/email/locales/en.json' with { type: 'json' };
import emailCn from '../../../web/src/features/email/locales/zh-cn.json' with { type: 'json' };
import emailTw from '../../../web/src/features/email/locales/zh-tw.json' with { type: 'json' };
import organizationEn from '../../../web/src/features/organization/locales/en.json' with { type: 'json' };
import organizationCn from '../../../web/src/features/organization/locales/zh-cn.json' with { type: 'json' };
import organizationTw from '../../../web/src/features/organization/locales/zh-tw.json' with { type: 'json' };
import companyEn from '../../../web/src/features/company/locales/en.json' with { type: 'json' };
import companyCn from '../../../web/src/features/company/locales/zh-cn.json' with { type: 'json' };
import companyTw from '../../../web/src/features/company/locales/zh-tw.json' with { type: 'json' };
import vendorEn from '../../../web/src/features/vendor/locales/en.json' with { type: 'json' };
import vendorCn from '../../../web/src/features/vendor/locales/zh-cn.json' with { type: 'json' };
import vendorTw from '../../../web/src/features/vendor/locales/zh-tw.json' with { type: 'json' };
import categoryEn from '../../../web/src/features/category/locales/en.json' with { type: 'json' };
import categoryCn from '../../../web/src/features/category/locales/zh-cn.json' with { type: 'json' };
import categoryTw from '../../../web/src/features/category/locales/zh-tw.json' with { type: 'json' };
import projectEn from '../../../web/src/features/project/locales/en.json' with { type: 'json' };
import projectCn from '../../../web/src/features/project/locales/zh-cn.json' with { type: 'json' };
import projectTw from '../../../web/src/features/project/locales/zh-tw.json' with { type: 'json' };
import systemEn from '../../../web/src/features/system/locales/en.json' with { type: 'json' };
import systemCn from '../../../web/src/features/system/locales/zh-cn.json' with { type: 'json' };
import systemTw from '../../../web/src/features/system/locales/zh-tw.json' with { type: 'json' };
import settingsEn from '../../../web/src/features/system/settings/locales/en.json' with { type: 'json' };
import settingsCn from '../../../web/src/features/system/settings/locales/zh-cn.json' with { type: 'json' };
import settingsTw from '../../../web/src/features/system/settings/locales/zh-tw.json' with { type: 'json' };
import scheduleJobEn from '../../../web/src/features/scheduleJob/locales/en.json' with { type: 'json' };
import scheduleJobCn from '../../../web/src/features/scheduleJob/locales/zh-cn.json' with { type: 'json' };
import scheduleJobTw from '../../../web/src/features/scheduleJob/locales/zh-tw.json' with { type: 'json' };
import importEn from '../../../web/src/features/import/locales/en.json' with { type: 'json' };
import importCn from '../../../web/src/features/import/locales/zh-cn.json' with { type: 'json' };
import importTw from '../../../web/src/features/import/locales/zh-tw.json' with { type: 'json' };

export type Texts = { [key: string]: string | Texts };

/** Files joined as the web's i18n setup joins them (a deep merge: two files may share a top-level key). */
function merge(...files: Texts[]): Texts {
  const into = (target: Texts, source: Texts): Texts => {
    for (const [key, value] of Object.entries(source)) {
      const existing = target[key];
      target[key] = typeof value === 'object' && typeof existing === 'object' ? into({ ...existing }, value) : value;
    }
    return target;
  };
  return files.reduce<Texts>((all, file) => into(all, file), {});
}

export const localeTexts = {
  en: merge(
    appEn,
    platformEn,
    fieldsEn,
    crudEn,
    labelsEn,
    approvalEn,
    auditEn,
    automationEn,
    authEn,
    ticketEn,
    workflowEn,
    invoiceEn,
    requisitionEn,
    openItemEn,
    delegateEn,
    logEn,
    emailEn,
    organizationEn,
    companyEn,
    vendorEn,
    categoryEn,
    projectEn,
    systemEn,
    settingsEn,
    scheduleJobEn,
    importEn,
  ),
  'zh-cn': merge(
    appCn,
    platformCn,
    fieldsCn,
    crudCn,
    labelsCn,
    approvalCn,
    auditCn,
    automationCn,
    authCn,
    ticketCn,
    workflowCn,
    invoiceCn,
    requisitionCn,
    openItemCn,
    delegateCn,
    logCn,
    emailCn,
    organizationCn,
    companyCn,
    vendorCn,
    categoryCn,
    projectCn,
    systemCn,
    settingsCn,
    scheduleJobCn,
    importCn,
  ),
  'zh-tw': merge(
    appTw,
    platformTw,
    fieldsTw,
    crudTw,
    labelsTw,
    approvalTw,
    auditTw,
    automationTw,
    authTw,
    ticketTw,
    workflowTw,
    invoiceTw,
    requisitionTw,
    openItemTw,
    delegateTw,
    logTw,
    emailTw,
    organizationTw,
    companyTw,
    vendorTw,
    categoryTw,
    projectTw,
    systemTw,
    settingsTw,
    scheduleJobTw,
    importTw,
  ),
};
