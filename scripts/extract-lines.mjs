// Collects every line the app shows from the code, for the translate screen (issue 13):
// the literal first argument of `trans(...)`, `transChoice(...)`, `translateChoice(...)` (its
// line argument) and `translate(...)` calls in web/, common/ and server/, plus the labels and
// help texts of the settings declaration, which the form passes to `trans` by value.
// `node scripts/extract-lines.mjs` rewrites common/src/i18n/source-lines.json; a unit test
// fails when the committed file misses a line of the code.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const OUTPUT = join(root, 'common/src/i18n/source-lines.json');
const SOURCES = ['web/src', 'common/src', 'server/src'];

/** A JS string literal ('…', "…" or a template without ${}) at the start of `text`. */
const LITERAL = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\x60(?:[^\x60\\$]|\\.)*\x60)`;
const CALLS = [
  // trans('line', …), t.trans('line'), useTrans()('line') is not used in the code base.
  new RegExp(String.raw`\b(?:trans|transChoice)\(\s*${LITERAL}`, 'g'),
  // translateChoice(lines, 'line', …) and translate(lines, 'line', …)
  new RegExp(String.raw`\b(?:translateChoice|translate)\(\s*[\w.]+\s*,\s*${LITERAL}`, 'g'),
];
/** Declarations whose labels the UI translates by value. */
const DECLARATIONS = [/(?:^|[\s{,])(?:label|help|description|hint):\s*/.source + LITERAL];
const DECLARATION_FILES = new Set(['common/src/admin/settings.ts']);

function unquote(literal) {
  const body = literal.slice(1, -1);
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/gs, (_all, e) => {
    if (e[0] === 'u') return String.fromCodePoint(parseInt(e.replace(/[u{}]/g, ''), 16));
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    return { n: '\n', t: '\t', r: '\r', 0: '\0' }[e] ?? e;
  });
}

function* sourceFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(path);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      yield path;
    }
  }
}

/** Every line in the code, sorted and without duplicates. */
export function extractLines(base = root) {
  const lines = new Set();
  for (const source of SOURCES) {
    for (const file of sourceFiles(join(base, source))) {
      const text = readFileSync(file, 'utf8');
      const patterns = [...CALLS];
      if (DECLARATION_FILES.has(relative(base, file).replaceAll('\\', '/')))
        patterns.push(...DECLARATIONS.map((p) => new RegExp(p, 'g')));
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          const line = unquote(match[1]);
          if (line.trim()) lines.add(line);
        }
      }
    }
  }
  return [...lines].sort((a, b) => a.localeCompare(b, 'en'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const lines = extractLines();
  writeFileSync(OUTPUT, `${JSON.stringify(lines, null, 2)}\n`);
  console.info(`${lines.length} lines written to ${relative(root, OUTPUT)}`);
}
