import '../require-supported-node.js';
import { ConfigError, loadConfig } from '../config.js';
import { type EngineReport, probeEngines } from '../downloader/engine-probe.js';

const USAGE = 'usage: npm run downloader -- engines';

/** The report as the operator reads it: one line per engine, then each warning. */
export function engineLines(report: EngineReport): string[] {
  const line = (name: string, engine: EngineReport['ytdlp']) =>
    `${name.padEnd(7)} ${engine.version ?? `(${engine.error})`}  [${engine.path}]`;
  return [
    line('yt-dlp', report.ytdlp),
    line('ffmpeg', report.ffmpeg),
    ...report.warnings.map((warning) => `warning: ${warning}`),
  ];
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] !== 'engines' || argv.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const report = await probeEngines(loadConfig());
  for (const line of engineLines(report)) console.log(line);
  // Non-zero when something needs the operator, so a deploy check can act on it.
  return report.warnings.length ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
