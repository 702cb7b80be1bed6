import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BinarySchema, problemResponses } from '../../lib/schemas.js';
import { menuCaption, renderMenuCard } from '../../media/menu-card.js';
import { MediaPick, mediaPick } from './item-json.js';
import type { MediaRouteOptions } from './media-context.js';

const MenuCard = Type.Object({
  section: Type.String(),
  title: Type.String(),
  description: Type.String(),
  prefix: Type.String(),
  commands: Type.Array(Type.Object({ command: Type.String(), description: Type.String() })),
  caption: Type.String({ description: 'Ready to send as a chat message' }),
  image: Type.Union([MediaPick, Type.Null()]),
  video: Type.Union([MediaPick, Type.Null()]),
});

export const menuRoutes: FastifyPluginAsyncTypebox<MediaRouteOptions> = async (app, { media }) => {
  app.get(
    '/menu/:section',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'getMenuCard',
        tags: ['media'],
        summary: 'A menu card: commands, a ready caption, an image of the menu pool and a video of menuvid',
        params: Type.Object({
          section: Type.Union([
            Type.Literal('main'),
            Type.Literal('ai'),
            Type.Literal('fun'),
            Type.Literal('system'),
          ]),
        }),
        querystring: Type.Object({
          format: Type.Union([Type.Literal('json'), Type.Literal('png')], { default: 'json' }),
        }),
        response: {
          200: {
            description: 'The card as JSON, or as PNG with format=png.',
            content: { 'application/json': { schema: MenuCard }, 'image/png': { schema: BinarySchema } },
          },
          ...problemResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { section } = request.params;
      const menu = await media.menus.load();
      const pick = async (pool: string) =>
        media.access.isPublicMediaPool(pool) ? (await media.picker.pick(pool, request.ip, 1))[0] : undefined;
      const image = await pick('menu');
      if (request.query.format === 'png') {
        const backdrop = image
          ? // Without its backdrop (a storage hiccup) the card still has its gradient.
            await media.store.readBytes(image.sha256, image.ext).catch(() => undefined)
          : undefined;
        const png = await renderMenuCard(menu, section, backdrop);
        return reply.type('image/png').send(png);
      }
      const video = await pick('menuvid');
      const data = menu.sections[section];
      return {
        section,
        title: data.title,
        description: data.description,
        prefix: menu.prefix,
        commands: data.commands,
        caption: menuCaption(menu, section),
        image: image ? mediaPick(request, image) : null,
        video: video ? mediaPick(request, video) : null,
      };
    },
  );
};
