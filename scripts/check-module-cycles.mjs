// Modules point down (docs/architecture.md): fails when server modules import each other in a loop.
// A module is a folder under apps/server/src/modules; module A depends on B when a file of A (not a test)
// imports a file of B. A table file importing another module's table file is left out: foreign keys go both
// ways (a department has a leader, a user has a department). File-level tools (madge, import/no-cycle) cannot
// say this: they see the loops inside one module and through the table files.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const modulesDir = resolve(
  process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../apps/server/src/modules'),
);

const moduleOf = (file) => {
  const parts = relative(modulesDir, file).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
};

/** Every relative specifier a file imports or re-exports, types and dynamic imports included. */
function specifiersOf(file) {
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      found.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false));
  return found.filter((specifier) => specifier.startsWith('.'));
}

/** module -> module it imports -> the files that import it. */
const dependencies = new Map();
for (const entry of readdirSync(modulesDir, { recursive: true, withFileTypes: true })) {
  const file = join(entry.parentPath, entry.name);
  if (!entry.isFile() || !/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
  const from = moduleOf(file);
  if (!from) continue;
  const isTable = /\.table\.tsx?$/.test(file);
  for (const specifier of specifiersOf(file)) {
    if (isTable && /\.table(\.js)?$/.test(specifier)) continue;
    const to = moduleOf(resolve(dirname(file), specifier));
    if (!to || to === from) continue;
    if (!dependencies.has(from)) dependencies.set(from, new Map());
    const targets = dependencies.get(from);
    targets.set(to, [...(targets.get(to) ?? []), relative(modulesDir, file)]);
  }
}

/** Tarjan's strongly connected components: each one with more than one module is a loop. */
function loops() {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (module) => {
    index.set(module, counter);
    low.set(module, counter);
    counter += 1;
    stack.push(module);
    onStack.add(module);
    for (const next of dependencies.get(module)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module), low.get(next)));
      } else if (onStack.has(next)) low.set(module, Math.min(low.get(module), index.get(next)));
    }
    if (low.get(module) !== index.get(module)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1) found.push(component.sort());
  };
  for (const module of [...dependencies.keys()].sort()) if (!index.has(module)) visit(module);
  return found;
}

const found = loops();
if (found.length === 0) process.exit(0);
console.error('Server modules import each other in a loop; the lower module offers a hook, an event or its index.ts');
console.error('to the one above it instead (docs/architecture.md, "Modules point down").');
for (const component of found) {
  console.error(`\nLoop through ${component.join(', ')}:`);
  for (const from of component)
    for (const [to, files] of dependencies.get(from) ?? [])
      if (component.includes(to)) console.error(`  ${from} -> ${to}  (${[...new Set(files)].join(', ')})`);
}
process.exit(1);
