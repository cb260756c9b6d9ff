import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Upload bytes received between two young-generation collections. */
const SCAVENGE_EVERY_BYTES = 12 * 1024 * 1024;

let scavenge: (() => void) | undefined;
let receivedSinceScavenge = 0;

/**
 * Node copies every piece of a request body into a buffer of its own, freed only when the
 * young generation is next collected. V8 starts that collection on its own once such buffers
 * reach twice its *default* semi-space (32 MB on 64-bit), whatever --max-semi-space-size says,
 * and an upload allocates too little else to fill the 4 MB one first: a 1 GB upload kept about
 * 32 MB of spent chunks (a quarter of the server's resident memory). Counting upload bytes and
 * asking for the same minor collection every SCAVENGE_EVERY_BYTES keeps that under 12 MB
 * (1 GB upload: peak 152-158 -> 134 MB). A scavenge with little alive takes 1-2 ms, and V8
 * would run one per 32 MB anyway: the extra ones cost about 3% at loopback speed (460 MB/s),
 * under 1% over a real network.
 */
export function noteBodyBytes(length: number): void {
  receivedSinceScavenge += length;
  if (receivedSinceScavenge < SCAVENGE_EVERY_BYTES) return;
  receivedSinceScavenge = 0;
  (scavenge ??= minorCollector())();
}

/** V8's collector, reached without --expose-gc putting a `gc` global in front of every module. */
function minorCollector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
  setFlagsFromString('--no-expose-gc');
  return () => gc({ type: 'minor' });
}
