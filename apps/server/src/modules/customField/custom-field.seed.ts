import type { Tx } from '../../platform/db.js';
import { customField } from './custom-field.table.js';

const label = (en: string, cn: string, tw: string) => ({ en, 'zh-cn': cn, 'zh-tw': tw });

/** The request catalog's forms (request-type seed): a laptop, access to a system, a purchase. */
const catalogFields = [
  {
    key: 'model',
    type: 'select' as const,
    label: label('Model', '型号', '型號'),
    options: [
      { value: 'standard', label: label('Standard 14"', '标准版 14 英寸', '標準版 14 吋') },
      { value: 'performance', label: label('Performance 16"', '高性能 16 英寸', '高效能 16 吋') },
      { value: 'ultralight', label: label('Ultralight 13"', '轻薄 13 英寸', '輕薄 13 吋') },
    ],
    sort: 50,
  },
  { key: 'justification', type: 'textarea' as const, label: label('Justification', '申请理由', '申請理由'), sort: 60 },
  {
    key: 'system',
    type: 'select' as const,
    label: label('System', '系统', '系統'),
    options: [
      { value: 'erp', label: label('ERP', 'ERP', 'ERP') },
      { value: 'wms', label: label('Warehouse system', '仓储系统', '倉儲系統') },
      { value: 'vpn', label: label('VPN', 'VPN', 'VPN') },
      { value: 'email', label: label('E-mail', '邮件', '郵件') },
    ],
    sort: 70,
  },
  {
    key: 'access_level',
    type: 'select' as const,
    label: label('Access level', '权限级别', '權限等級'),
    options: [
      { value: 'read', label: label('Read', '只读', '唯讀') },
      { value: 'write', label: label('Read and write', '读写', '讀寫') },
      { value: 'admin', label: label('Administrator', '管理员', '管理員') },
    ],
    sort: 80,
  },
  { key: 'access_until', type: 'date' as const, label: label('Access until', '有效期至', '有效期至'), sort: 90 },
  { key: 'item', type: 'text' as const, label: label('Item', '物品', '物品'), sort: 100 },
  {
    key: 'quantity',
    type: 'number' as const,
    label: label('Quantity', '数量', '數量'),
    validation: { min: 1 },
    sort: 110,
  },
  {
    key: 'amount',
    type: 'decimal' as const,
    label: label('Amount', '金额', '金額'),
    validation: { min: 0 },
    sort: 120,
  },
  { key: 'vendor_note', type: 'textarea' as const, label: label('Vendor note', '供应商备注', '供應商備註'), sort: 130 },
];

/** The demo's ticket fields: a device to choose, a budget, the date it is needed by and an asset tag. */
export async function seedDemoCustomFields(tx: Tx): Promise<void> {
  await tx.insert(customField).values([
    {
      key: 'device',
      type: 'select',
      label: label('Device', '设备', '設備'),
      options: [
        { value: 'laptop', label: label('Laptop', '笔记本电脑', '筆記型電腦') },
        { value: 'desktop', label: label('Desktop', '台式机', '桌上型電腦') },
        { value: 'phone', label: label('Phone', '手机', '手機') },
      ],
      sort: 10,
    },
    { key: 'budget', type: 'decimal', label: label('Budget', '预算', '預算'), validation: { min: 0 }, sort: 20 },
    { key: 'needed_by', type: 'date', label: label('Needed by', '需要日期', '需要日期'), sort: 30 },
    {
      key: 'asset_tag',
      type: 'text',
      label: label('Asset tag', '资产编号', '資產編號'),
      validation: { pattern: 'A-[0-9]{5}' },
      sort: 40,
    },
    ...catalogFields,
  ]);
}
