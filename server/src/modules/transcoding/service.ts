import { createHash } from 'node:crypto';
import {
  DEFAULT_TRANSCODE_FORMAT,
  TRANSCODE_BITRATE,
  TRANSCODE_FORMATS,
  TRANSCODE_OUTPUT,
  TRANSCODE_PRESETS,
  type TranscodeFormat,
  type TranscodePreset,
} from '@backbeat/common';
import { validationFailed } from '../../lib/domain-errors.ts';
import type { Storage, StoredFileInfo } from '../../storage/storage.ts';
import type { TranscodeCache } from './cache.ts';
import { transcodeArgs, type TranscodeTarget } from './ffmpeg-args.ts';
import { LiveTranscode } from './live-transcode.ts';
import type { LimitRow, TranscodingRepository } from './repository.ts';

export type TranscodingService = ReturnType<typeof createTranscodingService>;
export type { TranscodeTarget } from './ffmpeg-args.ts';

/** What a listener asked for (Subsonic's `stream` parameters, or the web player's quality). */
export interface StreamRequest {
  /** `raw`, a format name, or unset (the client's default profile, if any). */
  format?: string | undefined;
  /** kbit/s; 0 or unset: no cap asked. */
  maxBitRate?: number | undefined;
  userId: number;
  /** The Subsonic client's name (`c`); null for the web player. */
  client: string | null;
}

/** The audio to transcode: its storage key, type, catalogued length and stored size. */
export interface SourceAudio {
  path: string;
  mime: string;
  durationMs: number;
  stored: StoredFileInfo;
}

/** The source formats each target is the same as (a lossy file is not re-encoded to itself). */
const FORMAT_OF_MIME: Record<string, TranscodeFormat> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/opus': 'opus',
  'audio/ogg': 'opus',
  'audio/aac': 'aac',
  'audio/mp4': 'aac',
  'audio/x-m4a': 'aac',
};
const LOSSLESS = new Set(['audio/flac', 'audio/x-flac', 'audio/wav', 'audio/x-wav', 'audio/aiff']);
/** Suffixes a client may name as `format` to mean "the original" (it already is that). */
const SUFFIX_OF_MIME: Record<string, string> = {
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/ogg': 'ogg',
};

const isFormat = (value: string): value is TranscodeFormat =>
  (TRANSCODE_FORMATS as readonly string[]).includes(value);
const isPreset = (value: string): value is TranscodePreset =>
  (TRANSCODE_PRESETS as readonly string[]).includes(value);

/** The most specific limit's profile: this user on this client, then the client, then the user. */
function profileOf(limits: LimitRow[]) {
  const rank = (row: LimitRow) => (row.user_id !== null ? 1 : 0) + (row.client !== null ? 2 : 0);
  const chosen = limits.filter((row) => row.profile).sort((a, b) => rank(b) - rank(a))[0];
  const profile = chosen?.profile;
  if (!profile || !isFormat(profile.format)) return null;
  return {
    format: profile.format,
    bitRate: profile.bit_rate,
    preset: isPreset(profile.preset) ? profile.preset : 'standard',
  };
}

const clampRate = (rate: number) =>
  Math.min(TRANSCODE_BITRATE.max, Math.max(TRANSCODE_BITRATE.min, Math.round(rate)));

/**
 * On-the-fly transcoding (issue 38.6): decides from a request, the admin's profiles and the
 * user's and client's limits whether a stream is encoded and how, and serves each transcode
 * once: a running one is joined by every listener who asks for it, a finished one is kept in
 * the disk cache and served from there with ranges.
 */
export function createTranscodingService(deps: {
  repository: TranscodingRepository;
  cache: TranscodeCache;
  storage: Pick<Storage, 'read'>;
  ffmpeg: () => string | null;
  log?: (message: string, error: unknown) => void;
}) {
  const { repository, cache } = deps;
  /** Transcodes being made, by cache key: one ffmpeg per transcode, however many listen. */
  const running = new Map<string, LiveTranscode>();
  /** ffmpegs started since boot (a test proves listeners of one transcode share one). */
  let startedTotal = 0;

  /**
   * The encoding a stream gets, or null for the original file. A format the client names
   * wins over its default profile; every limit caps the bitrate, `raw` included; a lossy
   * source already at or below the bitrate in the asked format is sent as it is.
   */
  async function plan(
    request: StreamRequest,
    source: SourceAudio,
  ): Promise<TranscodeTarget | null> {
    const asked = request.format?.trim().toLowerCase() || undefined;
    const sourceSuffix = SUFFIX_OF_MIME[source.mime] ?? FORMAT_OF_MIME[source.mime];
    if (asked && asked !== 'raw' && !isFormat(asked) && asked !== sourceSuffix) {
      throw validationFailed({
        format: [`Unknown format: ${asked.slice(0, 20)}. Use raw, opus, mp3 or aac.`],
      });
    }
    const maxAsked = request.maxBitRate ?? 0;
    if (!Number.isInteger(maxAsked) || maxAsked < 0) {
      throw validationFailed({ maxBitRate: ['The maximum bitrate must be 0 or more kbit/s.'] });
    }
    const limits = await repository.limitsFor(request.userId, request.client);
    const caps = limits.map((row) => row.max_bit_rate ?? 0).filter((rate) => rate > 0);
    const cap = caps.length ? Math.min(...caps) : 0;
    const profile = profileOf(limits);
    const original = asked === 'raw' || (asked !== undefined && asked === sourceSuffix);

    const format: TranscodeFormat | null =
      asked && isFormat(asked)
        ? asked
        : !original && profile
          ? profile.format
          : maxAsked || cap
            ? (profile?.format ?? DEFAULT_TRANSCODE_FORMAT)
            : null;
    if (!format) return null;
    const fromProfile = profile?.format === format ? profile : null;
    const wanted = [maxAsked, cap].filter((rate) => rate > 0);
    // `raw` under a limit: encoded only when the original is above it.
    const bitRate = clampRate(
      wanted.length ? Math.min(...wanted) : (fromProfile?.bitRate ?? TRANSCODE_BITRATE.default),
    );

    const sourceRate =
      source.durationMs > 0 ? (source.stored.size * 8) / source.durationMs : Infinity;
    if (!LOSSLESS.has(source.mime)) {
      const sameFormat = FORMAT_OF_MIME[source.mime] === format;
      // Re-encoding lossy audio at the same or a higher rate only loses quality.
      if ((sameFormat || !asked || original) && sourceRate <= bitRate * 1.05) return null;
    }
    if (original && (!cap || sourceRate <= cap * 1.05)) return null;
    return { format, bitRate, preset: fromProfile?.preset ?? 'standard' };
  }

  /** The cache's name for one transcode of one version of a file. */
  function cacheKey(source: SourceAudio, target: TranscodeTarget) {
    const version = `${source.path}|${source.stored.size}|${source.stored.modifiedAt.getTime()}`;
    const hash = createHash('sha256')
      .update(`${version}|${target.format}|${target.bitRate}|${target.preset}`)
      .digest('hex')
      .slice(0, 40);
    return `${hash}.${TRANSCODE_OUTPUT[target.format].suffix}`;
  }

  return {
    plan,

    /**
     * The transcode of a source: the cached file when there is one, else the running ffmpeg
     * (joined, or started). From an offset (`timeOffset`) it is made for this listener only
     * and not kept: each offset is another file.
     */
    async open(
      source: SourceAudio,
      target: TranscodeTarget,
      offsetSeconds = 0,
    ): Promise<{ cached: { key: string; info: StoredFileInfo } } | { live: LiveTranscode }> {
      const ffmpeg = deps.ffmpeg();
      if (!ffmpeg) throw validationFailed({ format: ['Transcoding is not available here.'] });
      const key = cacheKey(source, target);
      if (offsetSeconds > 0) {
        startedTotal++;
        const live = new LiveTranscode({
          ffmpeg,
          args: transcodeArgs(target, offsetSeconds),
          source: deps.storage.read(source.path),
          file: null,
        });
        return { live };
      }
      const joined = running.get(key);
      if (joined) return { live: joined };
      const info = await cache.lookup(key);
      if (info) return { cached: { key, info } };
      // Another request may have started it while we looked.
      const started = running.get(key);
      if (started) return { live: started };
      const file = await cache.temporaryPath(key);
      const again = running.get(key);
      if (again) return { live: again };
      startedTotal++;
      const live = new LiveTranscode({
        ffmpeg,
        args: transcodeArgs(target),
        source: deps.storage.read(source.path),
        file,
      });
      running.set(key, live);
      void live.done
        .then(async (whole) => {
          if (whole) await cache.admit(key, file);
        })
        .catch((error: unknown) => deps.log?.('transcode cache failed', error))
        .finally(() => running.delete(key));
      return { live };
    },

    /**
     * What a client gets without asking (its or its user's default profile, under their
     * limits), for `transcodedContentType`/`transcodedSuffix`; null when that is the original.
     */
    async defaultFor(userId: number, client: string | null): Promise<TranscodeTarget | null> {
      const limits = await repository.limitsFor(userId, client);
      const profile = profileOf(limits);
      if (!profile) return null;
      const caps = limits.map((row) => row.max_bit_rate ?? 0).filter((rate) => rate > 0);
      return { ...profile, bitRate: clampRate(Math.min(profile.bitRate, ...caps)) };
    },

    /** Transcodes being made right now (for tests and the bench). */
    runningCount: () => running.size,
    startedCount: () => startedTotal,
  };
}
