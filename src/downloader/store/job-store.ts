import type { BusMessage, JobRecord, JobState } from '../job.js';

/**
 * Where jobs, their queue positions and the per-client counts live, and how their events reach
 * every instance. In memory for one process; in Redis when instances share a queue.
 */
export interface JobStore {
  /**
   * Saves a new job, puts it at the end of the waiting line and counts it for its client, unless
   * the client already has `activeLimit` jobs queued or running: then nothing is saved and the
   * answer is false. The check and the count are one atomic step (across instances too), so
   * submissions that arrive together cannot all slip under the limit.
   */
  create(job: JobRecord, activeLimit?: number): Promise<boolean>;
  get(id: string): Promise<JobRecord | null>;
  /** Replaces the record as it is (the retention sweep; changes of an active job go through `update`). */
  put(job: JobRecord): Promise<void>;
  /**
   * Replaces the record only while the stored one is in state `whileIn`, in one atomic step
   * (across instances too). False when it is not, or is gone: someone else moved the job on.
   * Every change of state goes through here, so a job ends exactly once. A running record is
   * replaced only by its own run: while `whileIn` is running, the stored `attempt` must be the
   * job's too, so a run that was taken over (its instance seemed gone) can write no more.
   */
  update(job: JobRecord, whileIn: JobState): Promise<boolean>;
  /** 1-based place in the waiting line, or null when the job is not waiting. */
  position(id: string): Promise<number | null>;
  /** Takes a job out of the waiting line (it starts running or ends). */
  leaveLine(id: string): Promise<void>;
  /** Jobs of this client that are queued or running. */
  activeCount(client: string): Promise<number>;
  /** The job no longer counts against its client. */
  release(job: JobRecord): Promise<void>;
  /** Forgets the record. */
  delete(id: string): Promise<void>;
  publish(message: BusMessage): Promise<void>;
  /**
   * Every message any instance publishes; returns the unsubscribe function. When this instance
   * stops hearing them (Redis lost), listeners get `{kind: 'interrupted'}` once.
   */
  subscribe(listener: (message: BusMessage) => void): () => void;
  /** Whether this instance hears every instance's messages right now. */
  following(): boolean;
  close(): Promise<void>;
}
