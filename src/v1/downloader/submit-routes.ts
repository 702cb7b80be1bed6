import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { downloaderFor } from '../../downloader/downloader-for.js';
import { pinIdOf } from '../../downloader/extractors/pinterest.js';
import { threadsCodeOf } from '../../downloader/extractors/threads.js';
import { AUDIO_FORMATS, type AudioFormat, QUALITIES, type Quality } from '../../downloader/job.js';
import { matchPlatformUrl, spotifyTrackId } from '../../downloader/match-url.js';
import {
  isPlatform,
  type Mode,
  PLATFORM_INFO,
  PLATFORMS,
  type Platform,
} from '../../downloader/platforms.js';
import { requestClientNetwork } from '../../lib/client-network.js';
import { badRequest, notFound } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { AcceptedSchema, links } from './job-json.js';

const DownloadBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'A link to the post, video or track' }),
    mode: Type.Optional(
      Type.Unsafe<Mode>({ type: 'string', enum: ['auto', 'audio', 'video'], default: 'auto' }),
    ),
    quality: Type.Optional(
      Type.Unsafe<Quality>({
        type: 'string',
        enum: [...QUALITIES],
        default: 'max',
        description: 'Highest video height to pick (max = the best there is)',
      }),
    ),
    audioBitrate: Type.Optional(
      Type.Integer({ minimum: 32, maximum: 320, default: 192, description: 'kbps' }),
    ),
    audioFormat: Type.Optional(
      Type.Unsafe<AudioFormat>({ type: 'string', enum: [...AUDIO_FORMATS], default: 'mp3' }),
    ),
  },
  { additionalProperties: false },
);

const PlatformParams = Type.Object({ platform: Type.String({ maxLength: 40 }) });

/** The per-platform checks the host allowlist cannot make: what kind of link each engine takes. */
function checkLink(platform: Platform, url: string): void {
  if (platform === 'spotify' && !spotifyTrackId(url))
    throw badRequest('url', 'must be a Spotify track link (open.spotify.com/track/…)');
  if (platform === 'threads' && !threadsCodeOf(url))
    throw badRequest('url', 'must be a Threads post link (…/@user/post/…)');
  const parsed = new URL(url);
  const pinShortLink = parsed.hostname === 'pin.it' && /^\/[A-Za-z0-9]+\/?$/.test(parsed.pathname);
  if (platform === 'pinterest' && !pinShortLink && !pinIdOf(url)) {
    throw badRequest('url', 'must be a Pinterest pin link (pinterest.com/pin/… or pin.it/…)');
  }
}

export const submitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const accept = async (platform: Platform, body: Static<typeof DownloadBody>, request: FastifyRequest) => {
    const match = matchPlatformUrl(platform, body.url);
    if (!match.ok) throw badRequest('url', match.reason);
    checkLink(platform, match.url);
    const info = PLATFORM_INFO[platform];
    const mode = body.mode ?? 'auto';
    if (mode !== 'auto' && !info.modes.includes(mode)) {
      throw badRequest(
        'mode',
        info.modes.length > 0
          ? `must be auto or ${info.modes.join(' or ')} for ${info.label}`
          : `must be auto for ${info.label}`,
      );
    }
    const service = await downloaderFor(app);
    const { job, position } = await service.submit(
      {
        platform,
        url: match.url,
        mode,
        quality: body.quality ?? 'max',
        audioBitrate: body.audioBitrate ?? 192,
        audioFormat: body.audioFormat ?? 'mp3',
      },
      requestClientNetwork(request),
    );
    return { id: job.id, status: job.state, position, ...links(request, job.id) };
  };

  const response = { 202: AcceptedSchema, ...problemResponses(400, 404, 413, 415, 429, 503) };

  app.post(
    '/d/:platform',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'submitDownload',
        tags: ['downloader'],
        summary: `Queue a download (platform: ${PLATFORMS.join(', ')})`,
        params: PlatformParams,
        body: DownloadBody,
        response,
      },
      // Before the body is validated: an unknown platform is a 404 whatever the body says.
      preValidation: async (request) => {
        const { platform } = request.params as { platform: string };
        if (!isPlatform(platform.toLowerCase())) {
          throw notFound(
            `No downloader for "${platform}". Platforms: ${PLATFORMS.join(', ')}; see /api/v1/endpoints.`,
          );
        }
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await accept(request.params.platform.toLowerCase() as Platform, request.body, request)),
  );

  for (const platform of ['pinterest', 'threads'] as const) {
    app.post(
      `/download/${platform}`,
      {
        config: { cache: 'no-store' },
        schema: {
          operationId: platform === 'pinterest' ? 'submitPinterestDownload' : 'submitThreadsDownload',
          tags: ['downloader'],
          summary: `Queue a ${PLATFORM_INFO[platform].label} download`,
          body: DownloadBody,
          response,
        },
      },
      async (request, reply) => reply.code(202).send(await accept(platform, request.body, request)),
    );
  }
};
