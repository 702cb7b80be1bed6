/** Hands job ids to a fixed number of workers; what a worker does with an id is the processor's business. */
export interface JobQueue {
  /** Starts the workers; each runs `processor` for one id at a time. */
  start(processor: (id: string) => Promise<void>): Promise<void>;
  /** Fails with an UnreachableError when the queue cannot be reached (then nothing was added). */
  add(id: string): Promise<void>;
  /** Whether `add` can be expected to work right now (false while Redis is down). */
  reachable(): boolean;
  /**
   * Takes a waiting id out of the queue so no worker gets it. One a worker has already taken stays
   * where it is: the processor finds the job no longer queued and leaves it.
   */
  remove(id: string): Promise<void>;
  /** Stops taking work and waits for the running jobs to settle. */
  close(): Promise<void>;
}
