import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { binaryResponse, problemResponses } from '../../lib/schemas.js';
import { QR_TEXT_MAX } from './limits.js';
import { renderQr } from './qr.js';
import { TAGS } from './util-schemas.js';

export const qrRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/util/qr',
    {
      config: { cache: 'pure' },
      schema: {
        operationId: 'createQrCode',
        tags: TAGS,
        summary: 'A QR code: SVG by default, PNG with format=png',
        querystring: Type.Object({
          text: Type.String({ minLength: 1, maxLength: QR_TEXT_MAX, description: 'Up to 1,500 characters.' }),
          format: Type.Optional(
            Type.Enum(['svg', 'png'], { default: 'svg', description: 'svg (default) or png.' }),
          ),
        }),
        response: {
          200: binaryResponse('The QR code: SVG, or PNG with format=png.', ['image/svg+xml', 'image/png']),
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
