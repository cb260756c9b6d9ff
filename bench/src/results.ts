// What one `npm run bench` measured: the catalog rows beside their ceilings, the other
// figures, and every issue-22 target with our figure, the goal and met/missed. Printed as a
// summary at the end and appended to bench/results.json, so a regression shows in the history.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';

export interface HttpFigures {
  p50: number;
  p99: number;
  rps: number;
}

export interface HttpRow {
  catalog: number;
  row: string;
  mode: 'hot' | 'cold';
  connections: number;
  /** Distinct keys asked (1 for hot). */
  keys: number;
  requests: number;
  ours: HttpFigures;
  ceiling: HttpFigures;
  /** Our answer rate over the ceiling's. */
  ratio: number;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  ceiling?: number;
  ceilingName?: string;
  ratio?: number;
  note?: string;
}

export interface Target {
  name: string;
  value: number | string;
  goal: string;
  met: boolean;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export const results = {
  /** The commit measured: taken when the run starts, as other work may commit during it. */
  commit: gitCommit(resolve(new URL('../../', import.meta.url).pathname)),
  http: [] as HttpRow[],
  figures: [] as Figure[],
  targets: [] as Target[],
  loadBefore: loadavg(),
};

export function addFigure(figure: Figure): void {
  results.figures.push(figure);
}

export function addTarget(name: string, value: number | string, goal: string, met: boolean): void {
  results.targets.push({ name, value, goal, met });
  console.info(`  target: ${name}: ${value}, goal ${goal}: ${met ? 'met' : 'MISSED'}`);
}

const cell = (value: number) =>
  Number.isFinite(value) ? (value >= 100 ? value.toFixed(0) : value.toFixed(2)) : '-';

function table(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const row of rows) {
    console.info(
      row.map((text, i) => (i ? text.padStart(widths[i]!) : text.padEnd(widths[i]!))).join('  '),
    );
  }
}

export function printHttpTable(catalog: number): void {
  const rows = results.http.filter((row) => row.catalog === catalog);
  if (!rows.length) return;
  console.info(
    `\nCatalog of ${catalog.toLocaleString('en')} tracks: Backbeat beside a bare Node http server answering the same bytes (ms; rate in answers/s)\n`,
  );
  table([
    ['row', 'keys', 'conn', 'p50', 'p99', 'req/s', 'bare p50', 'bare p99', 'bare req/s', 'ratio'],
    ...rows.map((r) => [
      `${r.row}, ${r.mode}`,
      String(r.keys),
      String(r.connections),
      cell(r.ours.p50),
      cell(r.ours.p99),
      cell(r.ours.rps),
      cell(r.ceiling.p50),
      cell(r.ceiling.p99),
      cell(r.ceiling.rps),
      `${r.ratio.toFixed(2)}x`,
    ]),
  ]);
}

export function printSummary(): void {
  console.info('\nOther figures\n');
  table([
    ['figure', 'ours', 'ceiling', 'ratio', ''],
    ...results.figures.map((f) => [
      f.name,
      `${cell(f.value)} ${f.unit}`,
      f.ceiling === undefined ? '' : `${cell(f.ceiling)} ${f.unit} (${f.ceilingName ?? 'bare'})`,
      f.ratio === undefined ? '' : `${f.ratio.toFixed(2)}x`,
      f.note ?? '',
    ]),
  ]);
  console.info('\nTargets (issue 22, and issue 18 where named)\n');
  table([
    ['target', 'ours', 'goal', ''],
    ...results.targets.map((t) => [t.name, String(t.value), t.goal, t.met ? 'met' : 'MISSED']),
  ]);
  const missed = results.targets.filter((t) => !t.met).length;
  console.info(
    `\n${results.targets.length - missed} of ${results.targets.length} targets met; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )} on ${cpus().length} cores (before: ${results.loadBefore.map((l) => l.toFixed(2)).join(' ')})`,
  );
}

function gitCommit(root: string): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'server', 'web', 'common'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return 'unknown';
  }
}

/** Appends this run (figures only) to `file`, an array of runs. */
export async function appendResults(
  root: string,
  file: string,
  quick: boolean,
  groups: string[],
): Promise<void> {
  const entry = {
    date: new Date().toISOString(),
    commit: results.commit,
    groups,
    node: process.version,
    cores: cpus().length,
    loadAverage: {
      before: results.loadBefore.map((l) => round(l)),
      after: loadavg().map((l) => round(l)),
    },
    quick,
    http: results.http.map((r) => ({
      catalog: r.catalog,
      row: r.row,
      mode: r.mode,
      conn: r.connections,
      keys: r.keys,
      p50: round(r.ours.p50),
      p99: round(r.ours.p99),
      rps: Math.round(r.ours.rps),
      ceiling: {
        p50: round(r.ceiling.p50),
        p99: round(r.ceiling.p99),
        rps: Math.round(r.ceiling.rps),
      },
      ratio: round(r.ratio),
    })),
    figures: results.figures.map((f) => ({
      ...f,
      value: round(f.value),
      ...(f.ceiling === undefined ? {} : { ceiling: round(f.ceiling) }),
      ...(f.ratio === undefined ? {} : { ratio: round(f.ratio) }),
    })),
    targets: results.targets,
  };
  const path = resolve(root, file);
  let history: unknown[] = [];
  if (existsSync(path)) {
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
      if (Array.isArray(parsed)) history = parsed;
    } catch {
      console.warn(`${file} was not a JSON array; starting it again`);
    }
  }
  history.push(entry);
  let text = `${JSON.stringify(history, null, 2)}\n`;
  try {
    // The repository's formatter, so `prettier --check` passes on the committed history.
    const prettier = await import('prettier');
    text = await prettier.format(text, { ...(await prettier.resolveConfig(path)), filepath: path });
  } catch {
    // prettier absent: plain JSON
  }
  writeFileSync(path, text);
  console.info(`Appended this run to ${file} (${history.length} runs).`);
}
