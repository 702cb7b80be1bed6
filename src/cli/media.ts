import '../require-supported-node.js';
import { ConfigError } from '../config.js';
import { StorageUnavailableError } from '../lib/storage/blob-store.js';
import { openBlobStore, scratchDirOf } from '../lib/storage/open-blob-store.js';
import { runMediaCommand, UsageError } from '../media/media-commands.js';
import { MediaStore, storeConnectionOf } from '../media/media-store.js';
import { openDatabase } from './open-database.js';

async function main(argv: string[]): Promise<number> {
  const { db, config } = await openDatabase();
  // The same storage the server uses (STORAGE_URL), so imported files are served by every instance.
  const blobs = openBlobStore(config.storage, { dataDir: config.dataDir });
  try {
    const store = new MediaStore(db, blobs, {
      ffmpegPath: config.ffmpegPath,
      scratchDir: scratchDirOf(config.dataDir, 'media'),
      connection: storeConnectionOf(config),
    });
    return await runMediaCommand(
      argv,
      store,
      { privatePools: config.privatePools, ffmpegPath: config.ffmpegPath },
      {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
        progress: { isTTY: Boolean(process.stderr.isTTY), write: (text) => process.stderr.write(text) },
      },
    );
  } finally {
    await blobs.close();
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
    if (error instanceof StorageUnavailableError) {
      console.error(`${error.message} (${(error.cause as Error)?.message ?? error.cause})`);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
