import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Log = (...args: unknown[]) => void;

/**
 * A logger whose children become pino children only when something is logged through them.
 * Fastify makes a child bound to the request id for every request (request.log), and with our
 * redaction rules that cost a few µs, most of what the log still cost a request that logs nothing
 * (the common case at LOG_LEVEL=info, docs/benchmarks.md).
 *
 * It is the logger Fastify is given (`loggerInstance`), not a `childLoggerFactory`: Fastify checks
 * every child a factory of ours returns (seven property reads and a filter per request, about
 * 0.8 µs of a 50 µs request in a profile), and only its default factory, which calls this
 * logger's child(), is spared the check.
 */
class LazyLogger {
  #real: FastifyBaseLogger | undefined;

  private constructor(
    private readonly parent: LazyLogger | undefined,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** `real` itself, with lazy children. */
  static over(real: FastifyBaseLogger): LazyLogger {
    const logger = new LazyLogger(undefined, {}, undefined);
    logger.#real = real;
    return logger;
  }

  get #logger(): FastifyBaseLogger {
    // Only the logger made by over() has no parent, and it has its real logger from the start.
    this.#real ??= (this.parent as LazyLogger).#logger.child(this.bindings, this.options);
    return this.#real;
  }

  get level(): string {
    // As pino's child() does: an empty or missing level is the parent's.
    return this.#real?.level || this.options?.level || (this.parent as LazyLogger).level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  /** Pino's level table, which Fastify reads to check a route's `logLevel`. */
  get levels(): unknown {
    return (this.#logger as FastifyBaseLogger & { levels: unknown }).levels;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return new LazyLogger(this, bindings, options) as unknown as FastifyBaseLogger;
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

/** `logger`, whose children (and theirs) are made real on their first line. */
export const withLazyChildren = (logger: FastifyBaseLogger): FastifyBaseLogger =>
  LazyLogger.over(logger) as unknown as FastifyBaseLogger;
