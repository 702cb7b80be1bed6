import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { BlobStore } from '../../lib/storage/blob-store.js';
import type { GroupRow } from './group-json.js';
import type { CleanSubmission } from './group-submission.js';
import { deleteGroup, insertGroup, verifyGroup } from './groups-repository.js';
import { type LikeState, likeGroup, unlikeGroup } from './likes-repository.js';
import type { Logo, LogoExtension } from './logo-image.js';
import { removeLogo, saveLogo } from './logo-store.js';
import type { PageCache } from './page-cache.js';

/** Where logo files go; the stored name is what the group row keeps. */
export interface LogoFiles {
  save(data: Buffer, extension: LogoExtension): Promise<string>;
  remove(file: string): Promise<void>;
}

/** Logos in the blob store (logo-store.ts; docs/storage.md). */
export const logoFilesIn = (blobs: BlobStore): LogoFiles => ({
  save: (data, extension) => saveLogo(blobs, data, extension),
  remove: (file) => removeLogo(blobs, file),
});

export interface GroupServiceParts {
  db: Kysely<Database>;
  logos: LogoFiles;
  /** Emptied after every write that can change a public page. */
  pageCache: Pick<PageCache, 'invalidate'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

type Log = GroupServiceParts['log'];

/**
 * The group writes that touch more than one resource (database row, logo file, page cache). The
 * order and the clean-up live here, so a failure never leaves a group without its logo or a logo
 * without its group; routes only parse the request and shape the answer.
 */
export class GroupService {
  constructor(private readonly parts: GroupServiceParts) {}

  /**
   * Stores the logo, then inserts the group (unverified, so no public page changes). A logo that
   * cannot be stored stops the submission before any row exists; a row that cannot be inserted
   * takes its stored logo with it.
   */
  async submit(
    submission: CleanSubmission,
    logo: Logo | null,
    submittedBy: number | null,
  ): Promise<GroupRow> {
    const { db, logos } = this.parts;
    const logoFile = logo ? await logos.save(logo.data, logo.extension) : null;
    try {
      return await insertGroup(db, { ...submission, logoFile, submittedBy });
    } catch (error) {
      // The insert's error is the answer; a logo that will not go either is left to the orphan sweep.
      if (logoFile) await logos.remove(logoFile).catch(() => {});
      throw error;
    }
  }

  /** Makes a group public; undefined when there is no such group. */
  async verify(id: number): Promise<GroupRow | undefined> {
    const row = await verifyGroup(this.parts.db, id);
    if (row) await this.parts.pageCache.invalidate();
    return row;
  }

  /**
   * Deletes a group with its likes and logo; false when there is no such group. Once the row is
   * gone the delete has happened: a logo file that will not go is logged and left to the orphan
   * sweep (logo-sweep.ts) rather than turned into an error.
   */
  async remove(id: number, log: Log = this.parts.log): Promise<boolean> {
    const removed = await deleteGroup(this.parts.db, id);
    if (!removed) return false;
    await this.parts.pageCache.invalidate();
    if (removed.logo_file) {
      await this.parts.logos
        .remove(removed.logo_file)
        .catch((error) =>
          log.warn({ err: error, file: removed.logo_file }, 'logo file of a deleted group not removed'),
        );
    }
    return true;
  }

  /** A like (once per user); null when the group is unknown or not verified. */
  async like(groupId: number, userId: number): Promise<LikeState | null> {
    return this.#afterLike(await likeGroup(this.parts.db, groupId, userId));
  }

  /** Takes a like back; null when the group is unknown or not verified. */
  async unlike(groupId: number, userId: number): Promise<LikeState | null> {
    return this.#afterLike(await unlikeGroup(this.parts.db, groupId, userId));
  }

  async #afterLike(state: LikeState | null): Promise<LikeState | null> {
    // A repeated like or unlike changes no count, so every cached page is still right.
    if (state?.changed) await this.parts.pageCache.invalidate();
    return state;
  }
}
