import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainMarkup, purifyHtml, sanitizeHtml } from './html.js';

/** Markup as trees of tags (the plain ones, and others) and texts with the characters the parser rewrites. */
const tags = ['p', 'ul', 'ol', 'li', 'br', 'strong', 'em', 'b', 'i', 'u', 's', 'code', 'a', 'div', 'span', 'script'];
const text = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom(
    'a b',
    ' ',
    '\n',
    '\t',
    '\r\n',
    '"\'',
    'x\u00a0y',
    '\ufeff',
    '\0',
    '&amp;',
    '< p',
    '>',
    '中文',
    '\ud83d\ude00',
    '\ud800',
    '\f',
  ),
);
const { node } = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc
      .record({
        tag: fc.constantFrom(...tags, 'P', 'br/'),
        children: fc.array(tie('node'), { maxLength: 4 }),
        closed: fc.boolean(),
      })
      .map(({ tag, children, closed }) =>
        tag === 'br' ? '<br>' : `<${tag}>${children.join('')}${closed || tag === 'br/' ? `</${tag}>` : ''}`,
      ),
  ),
}));
const markup = fc.array(node, { maxLength: 5 }).map((parts) => parts.join(''));

describe('sanitizeHtml', () => {
  it('answers exactly what DOMPurify answers, on generated markup, plain or not', () => {
    let plain = 0;
    fc.assert(
      fc.property(markup, (html) => {
        if (isPlainMarkup(html)) plain += 1;
        expect(sanitizeHtml(html)).toBe(purifyHtml(html));
      }),
      { numRuns: 4000, seed: 20261126 },
    );
    expect(plain).toBeGreaterThan(400); // the fast path was taken often enough to be tested
  });

  it("takes the editor's markup without parsing, and sends anything else to DOMPurify", () => {
    const editor =
      '<p>Hello <strong>world</strong><br>again</p><ul><li><p>a</p><ol><li><p><code>b</code></p></li></ol></li></ul>';
    expect(isPlainMarkup(editor)).toBe(true);
    expect(sanitizeHtml(editor)).toBe(editor);
    for (const html of [
      '<p><a href="https://example.test">x</a></p>', // attributes
      '<p>x<p>y</p></p>', // a paragraph the parser closes
      '<b><b>x</b></b>',
      '<ul>x</ul>',
      '<p>unclosed',
      '<P>upper</P>',
      '<p>a &amp; b</p>',
      '<constructor>x</constructor>',
    ])
      expect(isPlainMarkup(html), html).toBe(false);
    expect(sanitizeHtml('<p onclick="alert(1)">a<script>alert(1)</script></p>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<p><a href="javascript:alert(1)">x</a></p>')).toBe('<p><a>x</a></p>');
  });
});
