import fastifyMultipart from '@fastify/multipart';
import { ARTWORK_MAX_BYTES } from '@backbeat/common';
import { uploadArtwork } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { uploadedFileBytes } from '../../http/uploaded-file.ts';
import { processedImage } from '../../lib/image-upload.ts';
import { storePublicArtwork } from '../../storage/public-artwork.ts';

/**
 * Artwork for tracks and albums, and artist images: decoded and re-encoded (WebP, at most
 * 1000 px), stored under a new random name in public storage, so listeners can load it. Its
 * own plugin so only this route accepts multipart bodies.
 */
export const artworkRoutes: RoutesPlugin = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: ARTWORK_MAX_BYTES + 1, files: 1, fields: 5 },
  });
  registerEndpoint(app, uploadArtwork, async (request) => {
    const bytes = await uploadedFileBytes(request, ARTWORK_MAX_BYTES);
    const image = await processedImage(bytes, ARTWORK_MAX_BYTES, 'artwork');
    return { image: await storePublicArtwork(app.services.storage, image) };
  });
};
