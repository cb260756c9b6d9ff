import type { Plugin } from 'vite';

/*
 * The web app calls endpoints through the shared contracts (common/src/**\/contract.ts) but
 * never validates with their zod schemas: `api()` reads a contract's method, its path and
 * whether it has a body (web/src/lib/api.ts). Left as they are, the contracts' schemas bring
 * zod and every schema definition into the first JavaScript a listener downloads (issue 22,
 * about 30 KB gzip). In the production build this plugin
 * - replaces the schemas an `endpoint({...})` call holds (params, query, body, response) by
 *   `0`, and so the item schema of a `pagedList(item, …)`, so a contract keeps only what the
 *   client reads (`body !== undefined` still holds); what only the server and the API
 *   documents read (access, summary, tags, errors) goes altogether;
 * - marks each top-level `const` of common/src computed by an expression as pure, so a schema that
 *   nothing in a chunk uses is left out of it. Forms and the other code that does validate
 *   still import their schemas, which load with the chunk that needs them.
 * Positions are kept (the replaced text becomes blanks), so source maps stay right.
 */

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'response']);
/** What only the server and the API documents read: who may call, the summary, the groups. */
const SERVER_KEYS = new Set(['access', 'summary', 'tags', 'errors']);

/** Replaces [start, end) by `text` followed by blanks, keeping line breaks. */
function blank(code: string[], start: number, end: number, text: string) {
  for (let i = start; i < end; i++) if (code[i] !== '\n') code[i] = ' ';
  code[start] = text;
}

function visit(node: unknown, found: (node: Node) => void): void {
  if (Array.isArray(node)) return node.forEach((child) => visit(child, found));
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  found(node as Node);
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'type' && child && typeof child === 'object') visit(child, found);
  }
}

/** Initialisers worth leaving out when unused: all but names, literals and functions. */
const KEPT_AS_IS = new Set([
  'Identifier',
  'Literal',
  'TemplateLiteral',
  'ArrowFunctionExpression',
  'FunctionExpression',
]);

export function contractSchemasPlugin(): Plugin {
  return {
    name: 'backbeat:drop-contract-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(source, id) {
      if (!/\/common\/src\/.*\.ts$/.test(id) || id.includes('.test.')) return null;

      const program = this.parse(source, { lang: 'ts' }) as unknown as Node;
      const code = source.split('');
      const pure: Node[] = [];
      visit(program, (node) => {
        if (node.type !== 'CallExpression' || (node.callee as Node).type !== 'Identifier') return;
        const callee = (node.callee as { name: string }).name;
        const [first] = node.arguments as Node[];
        // pagedList(itemSchema, rest): its item schema only makes the response schema.
        if (callee === 'pagedList' && first) blank(code, first.start, first.end, '0');
        if (callee !== 'endpoint' && callee !== 'pagedList') return;
        for (const definition of node.arguments as Node[]) {
          if (definition.type !== 'ObjectExpression') continue;
          for (const property of definition.properties as Node[]) {
            const key = property.key as { name?: string } | undefined;
            if (property.type !== 'Property' || !key?.name) continue;
            if (SCHEMA_KEYS.has(key.name)) {
              const value = property.value as Node;
              blank(code, value.start, value.end, '0');
            } else if (SERVER_KEYS.has(key.name)) {
              // The whole property goes, with the comma after it.
              let end = property.end;
              while (/\s/.test(source[end] ?? '')) end++;
              blank(code, property.start, source[end] === ',' ? end + 1 : property.end, '');
            }
          }
        }
      });
      for (const statement of program.body as Node[]) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (init && !KEPT_AS_IS.has(init.type)) pure.push(init);
        }
      }
      // A pure call keeps arguments that have effects (zod's builders do, for the bundler):
      // the whole expression goes inside a function called once, and the call is pure.
      for (const init of pure) {
        code[init.start] = `/* @__PURE__ */ (() => (${code[init.start]}`;
        code[init.end - 1] = `${code[init.end - 1]}))()`;
      }
      return { code: code.join(''), map: null };
    },
  };
}
