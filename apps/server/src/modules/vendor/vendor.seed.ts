import { eq } from 'drizzle-orm';
import { seededDictionaryItems, seededNames } from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import { codeMap } from '../../platform/seed.js';
import { company } from '../company/index.js';
import { dictionary, dictionaryItem } from '../dictionary/index.js';
import { vendor } from './vendor.table.js';

/** The dictionaries a vendor's payment method and term pick from (item value = what the vendor stores). */
const paymentDictionaries = (['paymentMethod', 'paymentTerm'] as const).map((code) => ({
  code,
  name: seededNames.dictionary[code],
  items: seededDictionaryItems(code),
}));

/** Every database: the payment dictionaries, added once (an administrator's later edits are kept). */
export async function seedPaymentDictionaries(db: Db): Promise<void> {
  for (const [i, d] of paymentDictionaries.entries()) {
    await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: dictionary.id }).from(dictionary).where(eq(dictionary.code, d.code));
      if (existing) return;
      const [created] = await tx
        .insert(dictionary)
        .values({ code: d.code, name: d.name, category: seededNames.dictionaryCategory[d.code], sort: 10 + i })
        .onConflictDoNothing()
        .returning({ id: dictionary.id });
      if (!created) return;
      await tx.insert(dictionaryItem).values(
        d.items.map(({ key, name }, sort) => ({
          dictionaryId: created.id,
          key,
          name,
          value: name,
          sort,
        })),
      );
    });
  }
}

const address = (a: { line: string; city: string; state?: string; postalCode: string; country: string }) => ({
  address1: a.line,
  address2: null,
  address3: null,
  city: a.city,
  state: a.state ?? null,
  postalCode: a.postalCode,
  boxNumber: null,
  country: a.country,
});

/**
 * Demo vendors. The indexing demo matches vendors by these names and e-mails in invoice PDFs: keep them stable.
 */
export const demoVendors = [
  {
    vendorCode: 'ACME',
    vendorName: 'Acme Office Supplies',
    emailAddress: 'billing@acme-office.example',
    company: 'NWT',
    paymentMethod: 'Bank transfer',
    paymentTerm: 'Net 30',
    glAccount: '6100',
    where: { line: '400 Market Street', city: 'Seattle', state: 'WA', postalCode: '98101', country: 'United States' },
  },
  {
    vendorCode: 'GLOBEX',
    vendorName: 'Globex IT Services',
    emailAddress: 'invoices@globex-it.example',
    company: 'CTS',
    paymentMethod: 'Bank transfer',
    paymentTerm: 'Net 15',
    glAccount: '6200',
    where: { line: '221 Fleet Street', city: 'London', postalCode: 'EC4A 2AB', country: 'United Kingdom' },
  },
  {
    vendorCode: 'INITECH',
    vendorName: 'Initech Software',
    emailAddress: 'ar@initech-software.example',
    company: 'NWT',
    paymentMethod: 'Card',
    paymentTerm: 'Due on receipt',
    glAccount: '6210',
    where: { line: '9 Innovation Drive', city: 'Austin', state: 'TX', postalCode: '78701', country: 'United States' },
  },
  {
    vendorCode: 'UMBRELLA',
    vendorName: 'Umbrella Facilities Management',
    emailAddress: 'accounts@umbrella-fm.example',
    company: 'FAB',
    paymentMethod: 'Cheque',
    paymentTerm: 'Net 60',
    glAccount: '6300',
    where: { line: 'Leopoldstraße 12', city: 'München', postalCode: '80802', country: 'Germany' },
  },
  {
    vendorCode: 'STARK',
    vendorName: 'Stark Network Hardware',
    emailAddress: 'billing@stark-hardware.example',
    company: 'CTS',
    paymentMethod: 'Bank transfer',
    paymentTerm: 'Net 30',
    glAccount: '6220',
    where: { line: '15 Dock Road', city: 'Manchester', postalCode: 'M17 1AA', country: 'United Kingdom' },
  },
  {
    vendorCode: 'YQCLOUD',
    vendorName: '云启数据服务有限公司',
    emailAddress: 'finance@yunqi-cloud.example',
    company: 'HZY',
    paymentMethod: 'Bank transfer',
    paymentTerm: 'Net 30',
    glAccount: '6230',
    where: { line: '文三路 100 号', city: '杭州市', state: '浙江省', postalCode: '310012', country: '中国' },
  },
  {
    vendorCode: 'CGPRINT',
    vendorName: '晨光印刷股份有限公司',
    emailAddress: 'billing@chenguang-print.example',
    company: 'TPE',
    paymentMethod: 'Cash',
    paymentTerm: 'Net 15',
    glAccount: '6110',
    where: { line: '松仁路 58 號', city: '臺北市', postalCode: '110', country: '臺灣' },
  },
];

export async function seedDemoVendors(tx: Tx): Promise<void> {
  const companies = await codeMap(tx, company.id, company.code);
  await tx.insert(vendor).values(
    demoVendors.map(({ company: code, where, ...v }) => ({
      ...v,
      companyId: companies.get(code) ?? null,
      status: 'Active' as const,
      remitTo: { name: v.vendorName, ...address(where) },
      mailAddress: address(where),
    })),
  );
}
