import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicIp } from './ip.ts';

export class UnsafeFetchError extends Error {}
export const FETCH_TIMED_OUT = 'The address took too long to answer.';

/** Resolves like dns.lookup, but fails for any address that is not public (checked at connect time). */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (!addresses.length || addresses.some((a) => !isPublicIp(a.address))) {
      return callback(
        new UnsafeFetchError(`${hostname} resolves to an address that may not be fetched.`),
        '',
        0,
      );
    }
    if (options.all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * Fetches a URL on a user's behalf (avatar by URL). Loopback, private and link-local targets
 * are refused when connecting, for the first request and every redirect, so DNS tricks cannot
 * point it inside; the body and the time are capped.
 */
export async function fetchPublicUrl(
  url: string,
  limits: { maxBytes: number; timeoutMs: number; maxRedirects?: number },
): Promise<{ body: Buffer; contentType: string | null }> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  try {
    return await fetchWithin(url, limits, deadline);
  } catch (error) {
    // Whether it struck while connecting or in the middle of a slow body, say so plainly.
    if (deadline.aborted) throw new UnsafeFetchError(FETCH_TIMED_OUT);
    throw error;
  }
}

async function fetchWithin(
  url: string,
  limits: { maxBytes: number; maxRedirects?: number },
  deadline: AbortSignal,
): Promise<{ body: Buffer; contentType: string | null }> {
  let target = new URL(url);
  for (let redirects = 0; ; redirects++) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new UnsafeFetchError('Only http and https addresses can be fetched.');
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isPublicIp(host))
      throw new UnsafeFetchError('This address may not be fetched.');
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        target,
        { lookup: publicOnlyLookup, signal: deadline, headers: { 'user-agent': 'Backbeat' } },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    const location = response.headers.location;
    if (
      response.statusCode &&
      response.statusCode >= 300 &&
      response.statusCode < 400 &&
      location
    ) {
      response.resume();
      if (redirects >= (limits.maxRedirects ?? 3))
        throw new UnsafeFetchError('Too many redirects.');
      target = new URL(location, target);
      continue;
    }
    if (!response.statusCode || response.statusCode >= 400) {
      response.resume();
      throw new UnsafeFetchError(`The address answered with status ${response.statusCode}.`);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > limits.maxBytes) {
      response.destroy();
      throw new UnsafeFetchError('The file is too large.');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) {
        response.destroy();
        throw new UnsafeFetchError('The file is too large.');
      }
      chunks.push(chunk);
    }
    return { body: Buffer.concat(chunks), contentType: response.headers['content-type'] ?? null };
  }
}
