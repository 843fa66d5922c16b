import type { ContentWatch, Db, Logger } from '@kw/platform';

/** A kind of content's generation when a cached answer was made from it. */
export type Dependency = readonly [scope: string, generation: number];

/**
 * Whether a cached answer still shows the content as it is, with no query: a kind's
 * generation moves with every change of it (the platform's ContentWatch, fed by NOTIFY) and,
 * for kinds with a schedule (posts dated in the future), when one of those dates passes.
 */
export class ContentFreshness {
  /** Moves for a kind when its schedule is read anew or one of its dates passes. */
  private readonly timed = new Map<string, number>();
  private readonly due = new Map<string, number[]>();
  private readonly refreshing = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  private readonly watch: ContentWatch;
  private readonly db: Db;
  /** The dates at which a kind's public content changes by itself (blog: scheduled posts). */
  private readonly schedules: Record<string, (db: Db) => Promise<Date[]>>;
  private readonly logger: Logger | undefined;

  constructor(
    watch: ContentWatch,
    db: Db,
    schedules: Record<string, (db: Db) => Promise<Date[]>>,
    logger?: Logger,
  ) {
    this.watch = watch;
    this.db = db;
    this.schedules = schedules;
    this.logger = logger;
    watch.onChange((scope) => {
      if (scope in this.schedules) void this.readSchedule(scope);
    });
  }

  /** Reads every schedule once (at start-up). */
  async start(): Promise<void> {
    await Promise.all(Object.keys(this.schedules).map((scope) => this.readSchedule(scope)));
  }

  /** The kind's generation now: a cached answer made at another one is stale. */
  generation(scope: string): number {
    const due = this.due.get(scope);
    if (due && due.length > 0 && due[0]! <= Date.now()) {
      const now = Date.now();
      while (due.length > 0 && due[0]! <= now) due.shift();
      this.bump(scope);
      // The schedule may have been cut at its limit: read what follows.
      if (due.length === 0) void this.readSchedule(scope);
    }
    return this.watch.generation(scope) + (this.timed.get(scope) ?? 0);
  }

  fresh(dependencies: readonly Dependency[]): boolean {
    for (const [scope, generation] of dependencies)
      if (this.generation(scope) !== generation) return false;
    return true;
  }

  private bump(scope: string): void {
    this.timed.set(scope, (this.timed.get(scope) ?? 0) + 1);
  }

  /**
   * Reads a kind's schedule anew after a change of it. Installing a different one moves the
   * generation once more, so a page made while the old schedule held (which may lack a date
   * that has passed meanwhile) is not kept; the same dates again move nothing.
   */
  private readSchedule(scope: string): Promise<void> {
    const running = this.refreshing.get(scope);
    if (running) {
      this.again.add(scope);
      return running;
    }
    const read = (async () => {
      try {
        const dates = (await this.schedules[scope]!(this.db)).map((d) => d.getTime());
        const before = this.due.get(scope);
        this.due.set(scope, dates);
        // The same dates as before: what was made meanwhile is as right as it was.
        if (!before || before.length !== dates.length || before.some((t, i) => t !== dates[i]))
          this.bump(scope);
      } catch (error) {
        this.logger?.warn({ err: error, scope }, 'page cache: cannot read the schedule');
      } finally {
        this.refreshing.delete(scope);
        if (this.again.delete(scope)) void this.readSchedule(scope);
      }
    })();
    this.refreshing.set(scope, read);
    return read;
  }
}
