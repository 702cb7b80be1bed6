import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Log = (...args: unknown[]) => void;

/**
 * A request's logger (request.log) that becomes a pino child, bound to the request id, only when
 * something is logged through it. Fastify makes that child for every request, and with our
 * redaction rules it cost a few µs, most of what the log still cost a request that logs nothing
 * (the common case at LOG_LEVEL=info, docs/benchmarks.md).
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  get #logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }

  fatal(...args: unknown[]) {
    (this.#logger.fatal as Log)(...args);
  }
  error(...args: unknown[]) {
    (this.#logger.error as Log)(...args);
  }
  warn(...args: unknown[]) {
    (this.#logger.warn as Log)(...args);
  }
  info(...args: unknown[]) {
    (this.#logger.info as Log)(...args);
  }
  debug(...args: unknown[]) {
    (this.#logger.debug as Log)(...args);
  }
  trace(...args: unknown[]) {
    (this.#logger.trace as Log)(...args);
  }
  silent(...args: unknown[]) {
    (this.#logger.silent as Log)(...args);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made a real child on first use. */
export const lazyChildLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger => new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
