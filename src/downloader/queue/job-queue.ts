/** Hands job ids to a fixed number of workers; what a worker does with an id is the processor's business. */
export interface JobQueue {
  /** Starts the workers; each runs `processor` for one id at a time. */
  start(processor: (id: string) => Promise<void>): Promise<void>;
  add(id: string): Promise<void>;
  /** Stops taking work and waits for the running jobs to settle. */
  close(): Promise<void>;
}
