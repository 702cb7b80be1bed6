import '../require-supported-node.js';
import { ConfigError } from '../config.js';
import { runMediaCommand, UsageError } from '../media/media-commands.js';
import { MediaStore } from '../media/media-store.js';
import { openDatabase } from './open-database.js';

async function main(argv: string[]): Promise<number> {
  const { db, config } = await openDatabase();
  try {
    const store = new MediaStore(db, { dataDir: config.dataDir, ffmpegPath: config.ffmpegPath });
    return await runMediaCommand(
      argv,
      store,
      { privatePools: config.privatePools },
      {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
      },
    );
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      error instanceof ConfigError ||
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      console.error((error as Error).message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
