import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The token the fake siteverify accepts; any other token fails the check. */
export const HUMAN_TOKEN = 'token-of-a-human';

export interface SiteverifyCall {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

export interface FakeSiteverify {
  /** For `createTestApp({ overrides: { recaptchaVerifyUrl: siteverify.url } })`. */
  url: string;
  calls: SiteverifyCall[];
  close(): Promise<void>;
}

/**
 * Stands in for Google's reCAPTCHA siteverify, an edge of the world: a local HTTP server that
 * answers `{ success: true }` for HUMAN_TOKEN and `{ success: false }` for anything else.
 */
export async function startFakeSiteverify(): Promise<FakeSiteverify> {
  const calls: SiteverifyCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const call = {
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
      };
      calls.push(call);
      const success = call.response === HUMAN_TOKEN;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(
          success ? { success } : { success, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    calls,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

export const RECAPTCHA_SETTINGS = {
  'recaptcha.site_key': 'test-site-key',
  'recaptcha.secret_key': 'test-secret-key',
  'recaptcha.enable': { register: true },
} as const;
