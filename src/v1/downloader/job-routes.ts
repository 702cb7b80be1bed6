import send from '@fastify/send';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { create as contentDisposition } from 'content-disposition';
import { Type } from 'typebox';
import { downloaderFor } from '../../downloader/downloader-for.js';
import { conflict, notFound, Problem } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { JobIdParams, JobSchema, toJobJson } from './job-json.js';

export const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/jobs/:id',
    {
      schema: {
        tags: ['downloader'],
        summary: 'State of a download: position, progress, files or error',
        params: JobIdParams,
        response: { 200: JobSchema, ...problemResponses(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const view = await (await downloaderFor(app)).view(request.params.id);
      if (!view) throw notFound('No download with that id (finished downloads are forgotten after a while).');
      reply.header('cache-control', 'no-store');
      return toJobJson(request, view);
    },
  );

  app.delete(
    '/jobs/:id',
    {
      schema: {
        tags: ['downloader'],
        summary: 'Cancel a queued or running download (its files are removed)',
        description:
          'The job id is the capability. A queued job never starts; a running one is stopped. Either ends ' +
          '`failed` with error code `CANCELLED`, and live-queue clients get that error. A job that has ' +
          'already ended (done, failed or expired) is a 409 and stays as it is.',
        params: JobIdParams,
        response: { 200: JobSchema, ...problemResponses(400, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const result = await (await downloaderFor(app)).cancel(request.params.id);
      if (result.outcome === 'unknown')
        throw notFound('No download with that id (finished downloads are forgotten after a while).');
      if (result.outcome === 'ended') {
        const { state, error } = result.view.job;
        const how = state === 'failed' ? `failed (${error?.code ?? 'FAILED'})` : state;
        throw conflict(
          `This download has already ended (${how}); only queued or running downloads can be cancelled.`,
        );
      }
      reply.header('cache-control', 'no-store');
      return toJobJson(request, result.view);
    },
  );

  app.get(
    '/jobs/:id/files/:name',
    {
      schema: {
        tags: ['downloader'],
        summary: 'A file of a finished download (Range supported)',
        params: Type.Object({
          id: JobIdParams.properties.id,
          name: Type.String({ minLength: 1, maxLength: 255 }),
        }),
        response: {
          200: Type.Unsafe({ description: 'The file' }),
          206: Type.Unsafe({ description: 'Part of the file' }),
          304: Type.Unsafe({ description: 'Not modified' }),
          ...problemResponses(400, 404, 416, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const service = await downloaderFor(app);
      const view = await service.view(id);
      const file = view?.job.state === 'done' ? view.job.files.find((f) => f.name === name) : undefined;
      const located = file ? service.results.locate(id, name) : null;
      if (!file || !located) throw notFound('No such file (downloads are removed after a while).');
      // send URI-decodes the path it is given and refuses dot-segments anywhere in it; given the
      // job's directory as root and the name encoded, a name with % in it stays itself, and only
      // the name (never a dot-directory DATA_DIR lies under) is checked for a leading dot.
      const result = await send(request.raw, encodeURIComponent(located.name), {
        root: located.root,
        dotfiles: 'deny',
        index: false,
        cacheControl: false,
      });
      if (result.type === 'error') {
        const status = (result.metadata.error as { status?: number }).status ?? 500;
        if (status === 416)
          throw new Problem('RANGE_NOT_SATISFIABLE', 'The requested range is outside the file.');
        // Listed but gone from this disk: swept meanwhile, or written by another instance's worker.
        if (status === 404) throw notFound('The file is no longer here.');
        // Anything else is our fault, not the client's: no problem code of a client error (a 403
        // would read as a CSRF failure) for it.
        throw new Error(`serving ${id}/${name} failed with ${status}`, { cause: result.metadata.error });
      }
      reply.code(result.statusCode as 200);
      for (const [header, value] of Object.entries(result.headers)) reply.header(header, value);
      reply.header('content-type', file.mime);
      reply.header('content-disposition', contentDisposition(file.name));
      reply.header('cache-control', 'private, max-age=300');
      return reply.send(result.stream);
    },
  );
};
