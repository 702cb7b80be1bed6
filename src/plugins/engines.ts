import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { type EngineReport, probeEngines } from '../downloader/engine-probe.js';

export interface Engines {
  /**
   * The versions of yt-dlp and ffmpeg, read once per process on first use (the server asks at start,
   * after it listens, so start-up never waits for them); the warnings are logged when first read.
   */
  report(): Promise<EngineReport>;
  /** The report once the probe has finished; undefined before (and the probe is started). */
  current(): EngineReport | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    engines: Engines;
  }
}

async function enginesPlugin(app: FastifyInstance) {
  let probe: Promise<EngineReport> | undefined;
  let finished: EngineReport | undefined;
  const engines: Engines = {
    current() {
      if (!finished) void engines.report().catch(() => undefined);
      return finished;
    },
    report() {
      probe ??= probeEngines(app.config).then((report) => {
        finished = report;
        app.log.info(
          {
            ytdlp: report.ytdlp.version ?? report.ytdlp.error,
            ffmpeg: report.ffmpeg.version ?? report.ffmpeg.error,
          },
          'download engines',
        );
        for (const warning of report.warnings) app.log.warn(warning);
        return report;
      });
      return probe;
    },
  };
  app.decorate('engines', engines);
}

export default fp(enginesPlugin, { name: 'engines' });

const EngineVersionSchema = Type.Object({
  path: Type.String(),
  version: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});

/** The wire shape of an EngineReport, in /readyz details and the downloader part of /api/v1/endpoints. */
export const EngineReportSchema = Type.Object({
  ytdlp: EngineVersionSchema,
  ffmpeg: EngineVersionSchema,
  warnings: Type.Array(Type.String()),
});
