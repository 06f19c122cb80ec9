import type { Tx } from '../../platform/db.js';
import { customField } from './custom-field.table.js';

const label = (en: string, cn: string, tw: string) => ({ en, 'zh-cn': cn, 'zh-tw': tw });

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
  ]);
}
