/** Why a question to the anime database could not be answered from upstream. */
export type UpstreamFailure = 'failed' | 'timeout' | 'busy';

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
    /** For `busy`: when our own outbound budget has room again. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}
