import { z } from 'zod';
import { MULTIPART_MAX_PARTS, SIGN_PART_URLS_BATCH } from './constants.ts';
import { mediaAnalysisSchema } from './media.ts';

/** Spec §3: a stored file as clients see it. */
export const fileEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  file_size: z.number().int(),
  mime: z.string().nullable(),
  extension: z.string().nullable(),
  path: z.string(),
  url: z.string(),
  updated_at: z.string(),
  /** Audio files only: what the media pipeline found (absent for other files). */
  media: mediaAnalysisSchema.nullable().optional(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

const fileSize = z.coerce
  .number({ error: 'The size must be a number.' })
  .int('The size must be a whole number.')
  .min(0, 'The size cannot be negative.')
  .max(Number.MAX_SAFE_INTEGER, 'The size is too large.');
const shortText = (what: string, max = 255) =>
  z
    .string({ error: `The ${what} must be text.` })
    .trim()
    .max(max, `The ${what} is too long.`);

/**
 * What a client may say about an upload besides the file. `accept` only ever narrows the
 * site's restrictions (the track upload asks for `audio/*`); it can never widen them.
 */
export const uploadMetadataSchema = z
  .object({
    parentId: z.coerce.number().int().positive().nullable().optional(),
    relativePath: shortText('relative path', 1000).optional(),
    accept: z.array(shortText('type', 100)).max(20).optional(),
  })
  .default({});
export type UploadMetadata = z.output<typeof uploadMetadataSchema>;

/** Plain multipart sends `metadata` as a JSON string field. */
export const multipartFieldsSchema = z.object({
  clientMime: shortText('mime type', 150).optional(),
  clientExtension: shortText('extension', 20).optional(),
  metadata: z
    .string()
    .max(10_000, 'The metadata is too long.')
    .optional()
    .transform((text, context) => {
      if (!text) return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'The metadata must be JSON.' });
        return z.NEVER;
      }
    })
    .pipe(uploadMetadataSchema),
});

export const deleteFileEntriesSchema = z
  .object({
    paths: z.array(shortText('path', 500)).max(1000).default([]),
    entryIds: z.array(z.coerce.number().int().positive()).max(1000).default([]),
    deleteForever: z.boolean().default(false),
  })
  .refine((value) => value.paths.length + value.entryIds.length > 0, {
    message: 'Choose at least one file.',
    path: ['entryIds'],
  });

export const tusEntrySchema = z.object({
  uploadKey: z
    .string({ error: 'The upload key is required.' })
    .regex(/^[a-f0-9]{32}$/, 'The upload key is not valid.'),
});

export const presignSimpleSchema = z.object({
  filename: shortText('file name').min(1, 'The file name is required.'),
  mime: shortText('mime type', 150).optional(),
  disk: shortText('disk', 50).optional(),
  size: fileSize,
  extension: shortText('extension', 20).optional(),
  metadata: uploadMetadataSchema,
});

export const s3EntrySchema = z.object({
  clientMime: shortText('mime type', 150).optional(),
  clientName: shortText('file name').min(1, 'The file name is required.'),
  filename: shortText('key').min(1, 'The key is required.'),
  size: fileSize,
  clientExtension: shortText('extension', 20).optional(),
  metadata: uploadMetadataSchema,
});

export const createMultipartSchema = z.object({
  filename: shortText('file name').min(1, 'The file name is required.'),
  mime: shortText('mime type', 150).optional(),
  size: fileSize,
  extension: shortText('extension', 20).optional(),
  metadata: uploadMetadataSchema,
});

const multipartKey = {
  key: shortText('key', 500).min(1, 'The key is required.'),
  uploadId: shortText('upload id', 1000).min(1, 'The upload id is required.'),
};
const partNumber = z.coerce
  .number({ error: 'The part number must be a number.' })
  .int('The part number must be a whole number.')
  .min(1, 'Part numbers start at 1.')
  .max(MULTIPART_MAX_PARTS, `Part numbers end at ${MULTIPART_MAX_PARTS}.`);

export const multipartSessionSchema = z.object(multipartKey);

export const signPartUrlsSchema = z.object({
  ...multipartKey,
  partNumbers: z
    .array(partNumber)
    .min(1, 'Ask for at least one part.')
    .max(SIGN_PART_URLS_BATCH, `Ask for at most ${SIGN_PART_URLS_BATCH} parts at once.`),
});

export const completeMultipartSchema = z.object({
  ...multipartKey,
  parts: z
    .array(z.object({ ETag: shortText('ETag', 200).min(1), PartNumber: partNumber }))
    .min(1, 'Send the uploaded parts.')
    .max(MULTIPART_MAX_PARTS),
});
