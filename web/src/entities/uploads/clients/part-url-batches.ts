import { SIGN_PART_URLS_BATCH } from '@backbeat/common';
import { UploadFailure } from './types.ts';

export type SignParts = (partNumbers: number[]) => Promise<{ partNumber: number; url: string }[]>;

/**
 * Presigned part URLs for a multipart upload, asked of the server up to 10 at a time (spec 2
 * §9) although the uploader wants them one part at a time: the first part of a batch signs
 * itself and the next parts of `partsToSend` nobody asked for yet; the others wait for that
 * answer. A URL is handed out once, so a part sent again (a retry) gets a fresh signature.
 */
export function partUrlBatches(
  partsToSend: readonly number[],
  sign: SignParts,
): (partNumber: number) => Promise<string> {
  const waiting = new Map<number, Promise<string>>();
  const asked = new Set<number>();
  return (partNumber) => {
    if (!waiting.has(partNumber)) {
      const batch = [
        partNumber,
        ...partsToSend.filter((part) => part !== partNumber && !asked.has(part)),
      ].slice(0, SIGN_PART_URLS_BATCH);
      const signed = sign(batch);
      for (const part of batch) {
        asked.add(part);
        const url = signed.then((urls) => {
          const found = urls.find((entry) => entry.partNumber === part);
          if (!found) throw new UploadFailure('The part could not be signed.');
          return found.url;
        });
        // A part nobody reaches (the upload stopped first) must not report its failure alone.
        url.catch(() => {});
        waiting.set(part, url);
      }
    }
    const url = waiting.get(partNumber)!;
    waiting.delete(partNumber);
    return url;
  };
}
