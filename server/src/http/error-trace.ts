import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { sourceMappedStack } from './source-mapped-stack.ts';

export interface TraceFrame {
  path: string[];
  lineNumber: number;
  method: string;
  flatIndex: number;
  codeSnippet: Record<number, string>;
  isVendor: boolean;
}
export interface VendorGroup {
  vendorGroup: true;
  items: TraceFrame[];
}
export interface IgnitionTrace {
  ignitionTrace: true;
  exception: string;
  message: string;
  trace: (TraceFrame | VendorGroup)[];
  totalVendorGroups: number;
}

const SNIPPET_RADIUS = 8;
const FRAME_PATTERN = /^\s*at (?:(?<method>.+?) \()?(?<file>.+?):(?<line>\d+):\d+\)?$/;

function snippet(file: string, lineNumber: number): Record<number, string> {
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    const start = Math.max(1, lineNumber - SNIPPET_RADIUS);
    const end = Math.min(lines.length, lineNumber + SNIPPET_RADIUS);
    const result: Record<number, string> = {};
    for (let n = start; n <= end; n++) result[n] = lines[n - 1] ?? '';
    return result;
  } catch {
    return {};
  }
}

/**
 * Turns an error's stack into the debug payload of spec §8: frames with path segments,
 * line, method and a code snippet, where runs of library frames fold into vendor groups.
 */
export function buildIgnitionTrace(error: Error, projectRoot: string): IgnitionTrace {
  const frames: TraceFrame[] = [];
  for (const line of sourceMappedStack(error.stack ?? '')
    .split('\n')
    .slice(1)) {
    const match = FRAME_PATTERN.exec(line);
    if (!match?.groups) continue;
    const file = (match.groups.file ?? '').replace(/^file:\/\//, '');
    const lineNumber = Number(match.groups.line);
    const isInternal = file.startsWith('node:') || !file.startsWith('/');
    const isVendor = isInternal || file.includes(`${sep}node_modules${sep}`);
    const shown = isInternal ? file : relative(projectRoot, file);
    frames.push({
      path: shown.split(/[\\/]/).filter(Boolean),
      lineNumber,
      method: match.groups.method ?? '{anonymous}',
      flatIndex: frames.length,
      codeSnippet: isInternal ? {} : snippet(file, lineNumber),
      isVendor,
    });
  }
  const trace: (TraceFrame | VendorGroup)[] = [];
  for (const frame of frames) {
    const last = trace.at(-1);
    if (!frame.isVendor) trace.push(frame);
    else if (last && 'vendorGroup' in last) last.items.push(frame);
    else trace.push({ vendorGroup: true, items: [frame] });
  }
  return {
    ignitionTrace: true,
    exception:
      error.constructor?.name && error.constructor.name !== 'Error'
        ? error.constructor.name
        : error.name,
    message: error.message,
    trace,
    totalVendorGroups: trace.filter((t) => 'vendorGroup' in t).length,
  };
}
