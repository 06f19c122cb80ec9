// @vitest-environment node
import { describe, expect, it } from 'vitest';
import labelsCn from '../../../platform/labels/locales/zh-cn.json';
import { seededNameField } from './seeded-flow';

type Tree = { [key: string]: string | Tree };
/** `t` over the seeded names in Simplified Chinese: the text at a dotted key, or the key itself. */
const zhCn = (key: string) => {
  let at: string | Tree | undefined = labelsCn as Tree;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : key;
};
const lead = labelsCn.seed.workflowNode['ticket-approval']['team-lead'];

// The designer's name field of a copy of a demo workflow (its nodes keep the demo's ids and names).
describe('a node name field in the designer', () => {
  it('shows a seeded name in the reader’s words and saves it back seeded while left as shown', () => {
    const field = seededNameField(zhCn, 'team-lead', 'Team lead');
    expect(field.shown).toBe(lead);
    expect(field.saved(lead)).toBe('Team lead');
    expect(field.saved('值班组长')).toBe('值班组长');
  });

  it('shows and saves a typed name, or a demo name on a node the designer added, as typed', () => {
    const typed = seededNameField(zhCn, 'team-lead', 'Lead on duty');
    expect(typed.shown).toBe('Lead on duty');
    expect(typed.saved('Lead on duty')).toBe('Lead on duty');
    expect(seededNameField(zhCn, 'approver_ab12cd', 'Team lead').shown).toBe('Team lead');
  });
});
