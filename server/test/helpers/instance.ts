import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../src/config.ts';

const script = fileURLToPath(new URL('./instance-process.ts', import.meta.url));

export interface InstanceProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** SIGKILL, as a crash or an OOM kill would: nothing is closed or released. */
  kill(): Promise<void>;
}

/** Starts another instance of the app, in its own process, on the same config. */
export async function startInstanceProcess(
  config: Config,
  env: Record<string, string> = {},
): Promise<InstanceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, BACKBEAT_TEST_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    child,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
