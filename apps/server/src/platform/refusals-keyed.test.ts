import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A refusal is thrown with its key (`msg(catalog, name, values)`), never as an English sentence: this walks the
// server's sources and names every string or template literal handed straight to a refusal.

const srcDir = join(import.meta.dirname, '..');

/** Where a literal is still allowed, and why. */
const allowedDirs: string[] = [];
const allowedTexts: RegExp[] = [];

const refusals = new Set(['badRequest', 'conflict', 'sessionEnded']);

/** The message argument of a refusal call, if `node` is one. */
function messageArgument(node: ts.Node): ts.Expression | undefined {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && refusals.has(node.expression.text))
    return node.arguments[0];
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError')
    return node.arguments?.[1];
  return undefined;
}

/** The literal texts an expression can be: itself, either branch of a `?:`, either side of a `+`. */
function literalsOf(node: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return [...literalsOf(node.left), ...literalsOf(node.right)];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node))
    return [node];
  return [];
}

const textOf = (node: ts.Expression) =>
  ts.isTemplateExpression(node) ? node.head.text : (node as ts.StringLiteral | ts.NoSubstitutionTemplateLiteral).text;

/** `file:line: text` of every literal refusal in `source`. */
function literalRefusals(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const message = messageArgument(node);
    for (const literal of message ? literalsOf(message) : []) {
      if (allowedTexts.some((allowed) => allowed.test(textOf(literal)))) continue;
      const line = file.getLineAndCharacterOfPosition(literal.getStart()).line + 1;
      found.push(`${fileName}:${line}: ${literal.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('refusals keyed where they are thrown', () => {
  it('no server source hands a refusal an English sentence', () => {
    const found = sourceFiles(srcDir)
      .map((path) => relative(srcDir, path).replaceAll('\\', '/'))
      .filter((path) => !allowedDirs.some((dir) => path.startsWith(dir)))
      .flatMap((path) => literalRefusals(path, readFileSync(join(srcDir, path), 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds a literal in each form a refusal can be given one', () => {
    const planted = [
      `throw badRequest('Plain sentence.');`,
      'throw conflict(`Built ${sentence}`);',
      `throw new AppError('CONFLICT', ok ? msg(messages, 'x') : 'Fallback sentence');`,
      `throw sessionEnded('Gone ' + why);`,
      `throw badRequest(msg(messages, 'required'), [{ field: 'x', message: 'Field text stays' }]);`,
    ].join('\n');
    expect(literalRefusals('planted.ts', planted)).toEqual([
      `planted.ts:1: 'Plain sentence.'`,
      'planted.ts:2: `Built ${sentence}`',
      `planted.ts:3: 'Fallback sentence'`,
      `planted.ts:4: 'Gone '`,
    ]);
  });
});
