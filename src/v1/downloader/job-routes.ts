import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { create as contentDisposition } from 'content-disposition';
import { Type } from 'typebox';
import { downloaderFor } from '../../downloader/downloader-for.js';
import { privateFor } from '../../lib/http/cache-control.js';
import { conflict, notFound } from '../../lib/problem.js';
import { binaryResponse, notModifiedResponse, problemResponses, responseHeaders } from '../../lib/schemas.js';
import { serveBlob } from '../../lib/storage/serve-blob.js';
import { JobIdParams, JobSchema, toJobJson } from './job-json.js';

/** What a downloader saves: audio, video or images, and octet-stream for what it cannot tell. */
const JOB_FILE_TYPES = ['audio/*', 'video/*', 'image/*', 'application/octet-stream'];
const JOB_FILE_HEADERS = responseHeaders('ETag', 'Accept-Ranges', 'Last-Modified', 'Content-Disposition');

export const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/jobs/:id',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'getDownloadJob',
        tags: ['downloader'],
        summary: 'State of a download: position, progress, files or error',
        params: JobIdParams,
        response: { 200: JobSchema, ...problemResponses(400, 404, 429, 503) },
      },
    },
    async (request) => {
      const view = await (await downloaderFor(app)).view(request.params.id);
      if (!view) throw notFound('No download with that id (finished downloads are forgotten after a while).');
      return toJobJson(request, view);
    },
  );

  app.delete(
    '/jobs/:id',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'cancelDownloadJob',
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
    async (request) => {
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
      return toJobJson(request, result.view);
    },
  );

  app.get(
    '/jobs/:id/files/:name',
    {
      config: { cache: { maxAge: 300, private: true } },
      schema: {
        operationId: 'getDownloadFile',
        tags: ['downloader'],
        summary: 'A file of a finished download (Range supported)',
        params: Type.Object({
          id: JobIdParams.properties.id,
          name: Type.String({ minLength: 1, maxLength: 255 }),
        }),
        response: {
          200: binaryResponse('The file, as the type it was saved as.', JOB_FILE_TYPES, JOB_FILE_HEADERS),
          206: binaryResponse('The requested byte range of the file.', JOB_FILE_TYPES, {
            ...JOB_FILE_HEADERS,
            ...responseHeaders('Content-Range'),
          }),
          304: notModifiedResponse(JOB_FILE_HEADERS),
          ...problemResponses(400, 404, 412, 416, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const service = await downloaderFor(app);
      const view = await service.view(id);
      const job = view?.job;
      const file = job?.state === 'done' ? job.files.find((f) => f.name === name) : undefined;
      const key = file ? service.results.locate(id, name) : null;
      if (!job || !file || !key) throw notFound('No such file (downloads are removed after a while).');
      // Streamed from the blob store by whichever instance gets the request. The job id is random
      // and the file never changes, so the id and size make a strong tag every instance agrees on.
      return serveBlob(
        request,
        reply,
        service.results.blobs,
        {
          key,
          size: file.size,
          mime: file.mime,
          etag: `"${id}-${file.size.toString(16)}"`,
          lastModified: job.finishedAt ? new Date(job.finishedAt) : undefined,
          headers: {
            'content-disposition': contentDisposition(file.name),
            'cache-control': privateFor(300),
          },
        },
        // Listed but gone from the store: swept meanwhile.
        { missingDetail: 'The file is no longer here.' },
      );
    },
  );
};
