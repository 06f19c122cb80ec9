// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { paramsSummary, paramsTemplate, parseParams } from './job-params';

const schema = {
  type: 'object',
  properties: {
    retentionDays: { type: 'integer', default: 30 },
    dryRun: { type: 'boolean' },
  },
};

describe('job parameters', () => {
  it('starts from the defaults of the handler schema', () => {
    expect(JSON.parse(paramsTemplate(schema))).toEqual({ retentionDays: 30 });
    expect(paramsTemplate(undefined)).toBe('{}');
  });

  it('lists each property with its type and default', () => {
    expect(paramsSummary(schema)).toEqual(['retentionDays: integer = 30', 'dryRun: boolean']);
  });

  it('takes only a JSON object; blank is the empty object', () => {
    expect(parseParams('{"a": 1}')).toEqual({ a: 1 });
    expect(parseParams('  ')).toEqual({});
    expect(parseParams('[1]')).toBeNull();
    expect(parseParams('3')).toBeNull();
    expect(parseParams('null')).toBeNull();
    expect(parseParams('{"a": ')).toBeNull();
  });
});
