import { describe, expect, it } from 'vitest';

// Every form of the web app, as text.
const sources = import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('form fields', () => {
  // A field with its own "required" rule and the shared schema's rule failed both on an empty value, and the
  // field showed "Required" twice (the schema's own text for an empty value is the same word).
  it('say one thing when empty: a required rule beside a schema rule stops at the first (validateFirst)', () => {
    const doubled: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(/rules=\{\[\s*\{\s*required: true[^\]]*?(schemaRule|optionalRule)\(/g)) {
        const item = text.lastIndexOf('<Form.Item', match.index);
        if (item < 0 || !text.slice(item, match.index).includes('validateFirst')) doubled.push(file);
      }
    }
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(doubled).toEqual([]);
  });
});
