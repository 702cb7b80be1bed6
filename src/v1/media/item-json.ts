import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { absoluteUrl } from '../../lib/absolute-url.js';
import { storedFileUrl } from '../../lib/storage/public-url.js';
import { categoryFormat } from '../../media/categories.js';
import type { MediaItem } from '../../media/media-repository.js';
import { filePath, mediaKey } from '../../media/media-types.js';

const Dimensions = Type.Object({ width: Type.Integer(), height: Type.Integer() });

/**
 * The credits of the nekos.best v2 shape. A credit we do not know is left out, as nekos.best's own
 * clients type these fields optional: an empty string would become a broken link in a bot's embed.
 */
const Credits = {
  artist_name: Type.Optional(Type.String({ minLength: 1, description: 'The artist, on image results' })),
  artist_href: Type.Optional(Type.String({ format: 'uri', description: "A link to the artist's page" })),
  source_url: Type.Optional(Type.String({ format: 'uri', description: 'Where the image was published' })),
  anime_name: Type.Optional(Type.String({ minLength: 1, description: 'The anime, on GIF results' })),
};

/** One result in the nekos.best v2 shape: credits for images, anime_name for GIFs. */
export const NekosResult = Type.Object({
  url: Type.String({ format: 'uri' }),
  ...Credits,
  dimensions: Dimensions,
  category: Type.Optional(Type.String()),
});

export const NekosEnvelope = Type.Object(
  { results: Type.Array(NekosResult) },
  {
    examples: [
      {
        results: [
          {
            url: 'https://kizuna.example/api/v1/files/3751ad0c92e0b6a7d1e6f8c3b5a9e4f2d0c7b6a5e4d3c2b1a0f9e8d7c6b5d383.png',
            artist_name: 'Aki',
            artist_href: 'https://www.pixiv.net/en/users/1234567',
            source_url: 'https://www.pixiv.net/en/artworks/98765432',
            dimensions: { width: 1200, height: 1600 },
          },
        ],
      },
    ],
  },
);

/** A single anime item as /anime/* returns it: the nekos fields plus its category and format. */
export const AnimeItem = Type.Object(
  {
    category: Type.String(),
    format: Type.Union([Type.Literal('image'), Type.Literal('gif')]),
    url: Type.String({ format: 'uri' }),
    ...Credits,
    dimensions: Dimensions,
  },
  {
    examples: [
      {
        category: 'hug',
        format: 'gif',
        url: 'https://kizuna.example/api/v1/files/65b5c4e2f1a0d9c8b7a6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6ca88.gif',
        anime_name: 'Spring Days',
        dimensions: { width: 498, height: 280 },
      },
    ],
  },
);

/** A media pool pick. */
export const MediaPick = Type.Object({
  url: Type.String({ format: 'uri' }),
  category: Type.String(),
  sha256: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
});

/**
 * The URL of an item's file: below MEDIA_PUBLIC_URL when set, except for private pools, whose
 * files stay behind our loopback-only route.
 */
export function fileUrl(request: FastifyRequest, item: Pick<MediaItem, 'sha256' | 'ext' | 'pool'>): string {
  const own = filePath(item.sha256, item.ext);
  if (request.server.config.privatePools.includes(item.pool)) return absoluteUrl(request, own);
  return storedFileUrl(request, mediaKey(item.sha256, item.ext), own);
}

type CreditName = 'artist_name' | 'artist_href' | 'source_url' | 'anime_name';

/** Credits for images, anime_name for GIFs. */
const IMAGE_CREDITS: readonly CreditName[] = ['artist_name', 'artist_href', 'source_url'];
const GIF_CREDITS: readonly CreditName[] = ['anime_name'];

/**
 * The nekos.best fields of an item: credits for images, anime_name for GIFs. A credit whose value
 * is unknown is left out, never sent as "" or null.
 */
function nekosFields(request: FastifyRequest, item: MediaItem) {
  const fields: { url: string; dimensions: { width: number; height: number } } & Partial<
    Record<CreditName, string>
  > = {
    url: fileUrl(request, item),
    dimensions: { width: item.width ?? 0, height: item.height ?? 0 },
  };
  for (const name of categoryFormat(item.pool) === 'gif' ? GIF_CREDITS : IMAGE_CREDITS) {
    const value = item[name];
    if (typeof value === 'string' && value.trim() !== '') fields[name] = value;
  }
  return fields;
}

export function nekosResult(request: FastifyRequest, item: MediaItem, withCategory = false) {
  const fields = nekosFields(request, item);
  return withCategory ? { ...fields, category: item.pool } : fields;
}

export function animeItem(request: FastifyRequest, item: MediaItem) {
  return { category: item.pool, format: categoryFormat(item.pool) ?? 'image', ...nekosFields(request, item) };
}

export function mediaPick(request: FastifyRequest, item: MediaItem) {
  return {
    url: fileUrl(request, item),
    category: item.pool,
    sha256: item.sha256,
    mime: item.mime,
    size: Number(item.size),
    width: item.width,
    height: item.height,
    durationMs: item.duration_ms,
  };
}
