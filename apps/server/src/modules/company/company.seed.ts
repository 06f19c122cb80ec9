import type { Tx } from '../../platform/db.js';
import { company } from './company.table.js';

const companies = [
  {
    code: 'NWT',
    name: 'Northwind Traders',
    shortName: 'Northwind',
    email: 'it@northwind.example',
    phone: '+1 206 555 0100',
    address: '1 Harbor Way, Seattle',
    businessUnit: 'Retail',
  },
  {
    code: 'CTS',
    name: 'Contoso Logistics',
    shortName: 'Contoso',
    email: 'helpdesk@contoso.example',
    phone: '+44 20 7946 0000',
    address: '12 Canary Wharf, London',
    businessUnit: 'Logistics',
  },
  {
    code: 'HZY',
    name: '杭州云启科技有限公司',
    shortName: '云启科技',
    email: 'support@yunqi.example',
    phone: '+86 571 8888 0000',
    address: '杭州市西湖区文三路 90 号',
    businessUnit: 'Technology',
  },
  {
    code: 'TPE',
    name: '臺北晨光貿易股份有限公司',
    shortName: '晨光貿易',
    email: 'service@chenguang.example',
    phone: '+886 2 2700 0000',
    address: '臺北市信義區松仁路 100 號',
    businessUnit: 'Trading',
  },
  {
    code: 'FAB',
    name: 'Fabrikam Manufacturing',
    shortName: 'Fabrikam',
    email: 'ops@fabrikam.example',
    phone: '+49 89 1234 5670',
    address: 'Industriestraße 5, München',
    businessUnit: 'Manufacturing',
  },
];

/** Demo companies. */
export async function seedDemoCompanies(tx: Tx): Promise<void> {
  await tx.insert(company).values(companies.map((c, i) => ({ ...c, sort: i, status: 'Active' as const })));
}
