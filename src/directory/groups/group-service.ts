import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { forbidden, invalidFields } from '../../lib/problem.js';
import type { BlobStore } from '../../lib/storage/blob-store.js';
import { REVIEWED_FIELDS, type ReportReason } from '../directory-contract.js';
import type { GroupRow } from './group-json.js';
import { GROUP_STATE } from './group-state.js';
import { type CleanEdit, type CleanSubmission, type EditFields, parseEdit } from './group-submission.js';
import {
  changeGroup,
  deleteGroup,
  findGroup,
  type GroupUpdate,
  insertGroup,
  rejectGroup,
  verifyGroup,
} from './groups-repository.js';
import { type LikeState, likeGroup, unlikeGroup } from './likes-repository.js';
import type { Logo, LogoExtension } from './logo-image.js';
import { removeLogo, saveLogo } from './logo-store.js';
import type { PageCache } from './page-cache.js';
import {
  type DecideResult,
  decideReport,
  insertReport,
  type NewReportResult,
  reconsiderReportsBy,
} from './reports-repository.js';

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
  /** Open reports from this many verified users hide a group (REPORT_HIDE_THRESHOLD). */
  reportHideThreshold: number;
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

  /**
   * An owner's edit (docs/groups.md, "Owners"): the new logo is stored first, then the row is
   * changed in one transaction that checks owner and rules against the row as it is; the old
   * logo goes once the row no longer names it. A refusal (not the owner, a field that breaks the
   * rules) or a failed write takes the new logo with it. Undefined when there is no such group.
   */
  async edit(
    id: number,
    ownerId: number,
    sent: EditFields,
    logo: Logo | null,
    log: Log = this.parts.log,
  ): Promise<GroupRow | undefined> {
    const { db, logos } = this.parts;
    const logoFile = logo ? await logos.save(logo.data, logo.extension) : null;
    let result: Awaited<ReturnType<typeof changeGroup>>;
    try {
      result = await changeGroup(db, id, (row) => {
        if (row.submitted_by !== ownerId) throw forbidden('Only the owner of a group may change it.');
        const parsed = parseEdit(row, sent);
        if (!parsed.ok) throw invalidFields(parsed.errors);
        return editUpdate(row, parsed.value, logoFile);
      });
    } catch (error) {
      if (logoFile) await logos.remove(logoFile).catch(() => {});
      throw error;
    }
    if (!result) {
      if (logoFile) await logos.remove(logoFile).catch(() => {});
      return undefined;
    }
    const old = result.before.logo_file;
    if (logoFile && old) {
      await logos
        .remove(old)
        .catch((error) => log.warn({ err: error, file: old }, 'replaced logo file not removed'));
    }
    if (result.before !== result.after) await this.parts.pageCache.invalidate();
    return result.after;
  }

  /** The owner deletes their own group (as an admin delete). */
  async removeOwn(id: number, ownerId: number, log: Log = this.parts.log): Promise<'removed' | 'not-found'> {
    const row = await findGroup(this.parts.db, id);
    if (!row) return 'not-found';
    if (row.submitted_by !== ownerId) throw forbidden('Only the owner of a group may delete it.');
    return (await this.remove(id, log)) ? 'removed' : 'not-found';
  }

  /** Makes a group public (and dismisses its open reports); undefined when there is no such group. */
  async verify(id: number): Promise<GroupRow | undefined> {
    const row = await verifyGroup(this.parts.db, id);
    if (row) await this.parts.pageCache.invalidate();
    return row;
  }

  /** Rejects a group with a reason (and resolves its open reports); undefined when there is none. */
  async reject(id: number, reason: string): Promise<GroupRow | undefined> {
    const result = await rejectGroup(this.parts.db, id, reason);
    if (result?.before.is_verified === GROUP_STATE.public) await this.parts.pageCache.invalidate();
    return result?.after;
  }

  /** A user reports a public group; the group leaves the public list at the threshold. */
  async report(
    groupId: number,
    reporterId: number,
    reason: ReportReason,
    text: string | null,
  ): Promise<NewReportResult> {
    const result = await insertReport(
      this.parts.db,
      { groupId, reporterId, reason, text },
      this.parts.reportHideThreshold,
    );
    if (result.ok && result.stateChanged) await this.parts.pageCache.invalidate();
    return result;
  }

  /** An admin resolves or dismisses a report; its group may come back to the public list. */
  async decideReport(reportId: number, decision: 'resolved' | 'dismissed'): Promise<DecideResult> {
    const result = await decideReport(this.parts.db, reportId, decision, this.parts.reportHideThreshold);
    if (result.ok && result.stateChanged) await this.parts.pageCache.invalidate();
    return result;
  }

  /** An account was verified: its open reports count now, which may hide groups. */
  async reconsiderReportsBy(userId: number): Promise<void> {
    if (await reconsiderReportsBy(this.parts.db, userId, this.parts.reportHideThreshold)) {
      await this.parts.pageCache.invalidate();
    }
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

/**
 * The row update of an edit: the changed fields in their columns, the new logo, and the review
 * state. A change to a reviewed field (title, invite link, logo, outside image) sends a verified
 * group back to review; any change to a rejected group resubmits it; a pending one stays pending.
 * Nothing changed, nothing written.
 */
function editUpdate(row: GroupRow, edit: CleanEdit, logoFile: string | null): GroupUpdate | null {
  const { changes } = edit;
  const fields: string[] = [...edit.changed, ...(logoFile ? ['logo'] : [])];
  if (fields.length === 0) return null;
  const update: GroupUpdate = {};
  if (changes.title !== undefined) update.title = changes.title;
  if (changes.category !== undefined) {
    update.category = changes.category;
    update.category_key = changes.categoryKey;
  }
  if (changes.inviteLink !== undefined) update.invite_link = changes.inviteLink;
  if (changes.description !== undefined) update.description = changes.description;
  if (changes.tags !== undefined) update.tags = JSON.stringify(changes.tags);
  if (changes.searchText !== undefined) update.search_text = changes.searchText;
  if (changes.externalImageUrl !== undefined) update.external_image_url = changes.externalImageUrl;
  if (logoFile) update.logo_file = logoFile;
  const reviewed = fields.some((field) => (REVIEWED_FIELDS as readonly string[]).includes(field));
  if (row.is_verified === GROUP_STATE.rejected || (reviewed && row.is_verified !== GROUP_STATE.pending)) {
    update.is_verified = GROUP_STATE.pending;
    update.rejection_reason = null;
  }
  return update;
}
