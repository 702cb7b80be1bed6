import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { problemResponses } from '../../lib/schemas.js';
import { QR_TEXT_MAX } from './limits.js';
import { renderQr } from './qr.js';
import { TAGS } from './util-schemas.js';

// The handler sends an SVG string or PNG bytes; OpenAPI sees a string of binary format.
const QrImage = Type.Unsafe<string | Buffer>(Type.String({ format: 'binary' }));

export const qrRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/util/qr',
    {
      config: { cache: 'pure' },
      schema: {
        tags: TAGS,
        summary: 'A QR code: SVG by default, PNG with format=png',
        querystring: Type.Object({
          text: Type.String({ minLength: 1, maxLength: QR_TEXT_MAX, description: 'Up to 1,500 characters.' }),
          format: Type.Optional(
            Type.Enum(['svg', 'png'], { default: 'svg', description: 'svg (default) or png.' }),
          ),
        }),
        response: {
          200: {
            description: 'The QR code image.',
            content: {
              'image/svg+xml': { schema: QrImage },
              'image/png': { schema: QrImage },
            },
          },
          ...problemResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { text, format = 'svg' } = request.query;
      const image = await renderQr(text, format);
      return reply.type(format === 'png' ? 'image/png' : 'image/svg+xml').send(image);
    },
  );
};
