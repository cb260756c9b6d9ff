import type { BootstrapData } from '@backbeat/common';

const DATA_START = 'window.bootstrapData=';
/** The pre-paint theme script follows the data in the same inline script. */
const DATA_END = ';(function(){';

/** Reads the bootstrap data the server embedded in the SPA page, as the web app does. */
export function readBootstrapData(html: string): BootstrapData {
  const start = html.indexOf(DATA_START);
  if (start === -1) throw new Error('The page carries no window.bootstrapData');
  const from = start + DATA_START.length;
  const end = html.indexOf(DATA_END, from);
  if (end === -1) throw new Error('The bootstrap data is not followed by the theme script');
  return JSON.parse(html.slice(from, end)) as BootstrapData;
}

/** The nonce of the inline script that carries the bootstrap data. */
export function inlineScriptNonce(html: string): string | undefined {
  return /<script nonce="([^"]+)">window\.bootstrapData=/.exec(html)?.[1];
}
