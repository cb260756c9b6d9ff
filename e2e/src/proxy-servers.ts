/**
 * The two proxies README's "Deploying" offers, each run from its shipped file in deploy/ with
 * only this run's ports, name and certificate put in: Debian's nginx (deploy/nginx.conf) and
 * Debian's Caddy (deploy/Caddyfile). Every replacement must find its text, so a change to a
 * shipped file that the tests no longer cover fails at start instead of passing untested.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/lib.mjs';

export type ProxyKind = 'nginx' | 'caddy';

export interface ProxyPorts {
  https: number;
  http: number;
  upstreams: [number, number];
}

export interface Tls {
  key: string;
  cert: string;
}

export interface RunningProxy {
  child: ChildProcess;
  /** What the proxy printed (and logged), to explain a failure. */
  output(): string;
  /** Complaints about the shipped file itself, read once the proxy answers. */
  warnings(): string[];
}

interface Proxy {
  binary: string;
  package: string;
  /** The status its plain-HTTP listener redirects with (permanent either way). */
  redirectStatus: number;
  start(directory: string, ports: ProxyPorts, tls: Tls): RunningProxy;
}

/** The shipped file, with a replace() that fails when its text is no longer there. */
function shipped(file: string) {
  let text = readFileSync(join(root, file), 'utf8');
  return {
    replace(from: string | RegExp, to: string) {
      const before = text;
      text = text.replace(from, to);
      if (text === before) throw new Error(`${file} no longer has ${String(from)}`);
    },
    text: () => text,
  };
}

function run(binary: string, args: string[], env?: NodeJS.ProcessEnv) {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/** deploy/nginx.conf with this run's ports, name and certificate. */
function nginxSite(ports: ProxyPorts, tls: Tls) {
  const site = shipped('deploy/nginx.conf');
  site.replace(/^\s*listen \[::\]:80;\n/m, '');
  site.replace(/^\s*listen \[::\]:443 ssl http2;\n/m, '');
  site.replace('listen 80;', `listen 127.0.0.1:${ports.http};`);
  site.replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`);
  site.replace('/etc/letsencrypt/live/music.example.org/fullchain.pem', tls.cert);
  site.replace('/etc/letsencrypt/live/music.example.org/privkey.pem', tls.key);
  site.replace(/music\.example\.org/g, 'localhost');
  site.replace('server 127.0.0.1:8000;', `server 127.0.0.1:${ports.upstreams[0]};`);
  site.replace('server 127.0.0.1:8001;', `server 127.0.0.1:${ports.upstreams[1]};`);
  return site.text();
}

/** Debian's nginx.conf in miniature: this run's files only, in the foreground. */
function nginxMain(directory: string) {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(directory, kind)};`)
    .join('\n');
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${join(directory, 'nginx.pid')};
error_log ${join(directory, 'error.log')} warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  access_log ${join(directory, 'access.log')};
${temp}
  include ${join(directory, 'backbeat.conf')};
}
`;
}

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';

const nginx: Proxy = {
  binary: NGINX,
  package: 'nginx',
  redirectStatus: 301,
  start(directory, ports, tls) {
    writeFileSync(join(directory, 'backbeat.conf'), nginxSite(ports, tls));
    writeFileSync(join(directory, 'nginx.conf'), nginxMain(directory));
    const errorLog = join(directory, 'error.log');
    const args = ['-e', errorLog, '-c', join(directory, 'nginx.conf'), '-g', 'daemon off;'];
    const { child, output } = run(NGINX, args);
    return {
      child,
      output: () => output() + (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''),
      warnings: () => [],
    };
  },
};

/**
 * deploy/Caddyfile with this run's name and upstream ports, the test's certificate instead of
 * one from Let's Encrypt, and global options for this run: Caddy's automatic HTTP→HTTPS
 * redirect listens on `http_port` and the site on `https_port`, on loopback only, with no
 * admin endpoint.
 */
function caddySite(ports: ProxyPorts, tls: Tls) {
  const site = shipped('deploy/Caddyfile');
  site.replace(
    /^music\.example\.org \{$/m,
    `localhost:${ports.https} {\n\ttls ${tls.cert} ${tls.key}`,
  );
  site.replace(
    'reverse_proxy 127.0.0.1:8000 127.0.0.1:8001 {',
    `reverse_proxy 127.0.0.1:${ports.upstreams[0]} 127.0.0.1:${ports.upstreams[1]} {`,
  );
  const global = [
    'admin off',
    `http_port ${ports.http}`,
    `https_port ${ports.https}`,
    'default_bind 127.0.0.1',
    // Open realtime sockets do not hold the test's clean-up.
    'grace_period 2s',
  ];
  return `{\n${global.map((line) => `\t${line}\n`).join('')}}\n\n${site.text()}`;
}

const caddy: Proxy = {
  binary: CADDY,
  package: 'caddy',
  redirectStatus: 308,
  start(directory, ports, tls) {
    const file = join(directory, 'Caddyfile');
    writeFileSync(file, caddySite(ports, tls));
    // Caddy keeps its state (autosaved config, certificates it would manage) under these.
    const home = join(directory, 'caddy-home');
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
    };
    const started = run(CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], env);
    return {
      ...started,
      // What Caddy says of the file as it reads it: a directive it finds wrong or needless.
      warnings: () =>
        started
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { level?: string; logger?: string; msg?: string })
          .filter((line) => line.logger === 'caddyfile' && line.level !== 'info')
          .map((line) => line.msg ?? ''),
    };
  },
};

export const PROXIES: Record<ProxyKind, Proxy> = { nginx, caddy };
