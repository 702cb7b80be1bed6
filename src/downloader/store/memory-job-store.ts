import { EventEmitter } from 'node:events';
import type { BusMessage, JobRecord, JobState } from '../job.js';
import type { JobStore } from './job-store.js';

/** The single-process store: plain maps, events on an emitter. */
export class MemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly line: string[] = [];
  private readonly active = new Map<string, Set<string>>();
  private readonly bus = new EventEmitter().setMaxListeners(0);

  async create(job: JobRecord, activeLimit = Number.POSITIVE_INFINITY): Promise<boolean> {
    // No await between the check and the count: nothing else runs in between.
    const ids = this.active.get(job.client) ?? new Set();
    if (ids.size >= activeLimit) return false;
    this.jobs.set(job.id, structuredClone(job));
    this.line.push(job.id);
    ids.add(job.id);
    this.active.set(job.client, ids);
    return true;
  }

  async get(id: string): Promise<JobRecord | null> {
    const job = this.jobs.get(id);
    return job ? structuredClone(job) : null;
  }

  async put(job: JobRecord): Promise<void> {
    this.jobs.set(job.id, structuredClone(job));
  }

  async update(job: JobRecord, whileIn: JobState): Promise<boolean> {
    // No await between the check and the write: nothing else runs in between.
    const stored = this.jobs.get(job.id);
    if (stored?.state !== whileIn) return false;
    if (whileIn === 'running' && (stored.attempt ?? 0) !== (job.attempt ?? 0)) return false;
    this.jobs.set(job.id, structuredClone(job));
    return true;
  }

  async position(id: string): Promise<number | null> {
    const at = this.line.indexOf(id);
    return at === -1 ? null : at + 1;
  }

  async leaveLine(id: string): Promise<void> {
    const at = this.line.indexOf(id);
    if (at !== -1) this.line.splice(at, 1);
  }

  async activeCount(client: string): Promise<number> {
    return this.active.get(client)?.size ?? 0;
  }

  async release(job: JobRecord): Promise<void> {
    const ids = this.active.get(job.client);
    ids?.delete(job.id);
    if (ids?.size === 0) this.active.delete(job.client);
  }

  async delete(id: string): Promise<void> {
    this.jobs.delete(id);
  }

  /** Every record, for the retention sweep (only this store can list them cheaply). */
  all(): JobRecord[] {
    return [...this.jobs.values()].map((job) => structuredClone(job));
  }

  async publish(message: BusMessage): Promise<void> {
    this.bus.emit('message', message);
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.bus.on('message', listener);
    return () => this.bus.off('message', listener);
  }

  following(): boolean {
    return true;
  }

  async close(): Promise<void> {
    this.bus.removeAllListeners();
  }
}
