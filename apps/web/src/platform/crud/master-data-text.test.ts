import { describe, expect, it } from 'vitest';
import { ticketMessages } from '@casedesk/shared';
import { inUsePattern } from './master-data-text';
import { cleanQuery } from './resource-api';

describe('master data helpers', () => {
  it('recognises the server refusal for every label, so it can be shown translated', () => {
    for (const label of ['category', 'project', 'company']) {
      const match = inUsePattern.exec(ticketMessages.inUse(label, 3));
      expect(match?.slice(1)).toEqual([label, '3']);
    }
  });

  it('drops blank filters from a list query', () => {
    expect(cleanQuery({ page: 1, pageSize: 20, keyword: '', categoryStatus: undefined, projectId: null })).toEqual({
      page: 1,
      pageSize: 20,
    });
  });
});
