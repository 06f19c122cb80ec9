import { describe, expect, it } from 'vitest';
import { cleanQuery, resourceKeys } from './resource-api';

describe('resource api', () => {
  it('drops blank filters from a list query', () => {
    expect(cleanQuery({ page: 1, pageSize: 20, keyword: '', categoryStatus: undefined, projectId: null })).toEqual({
      page: 1,
      pageSize: 20,
    });
  });

  it('keys every view of a resource under one prefix, so one invalidation reaches them all', () => {
    const keys = resourceKeys('Project');
    for (const key of [keys.list('Query', { page: 1 }), keys.detail(3), keys.lookup(), keys.of('options', 'x')])
      expect(key.slice(0, 2)).toEqual(keys.all);
    expect(resourceKeys('Company').all).not.toEqual(keys.all);
  });
});
