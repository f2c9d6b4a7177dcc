export interface RepeatLimitedLogOptions<T> {
  /**
   * Writes one entry that is let through; `heldBack` counts the entries of its kind that were not
   * written since the previous line of that kind.
   */
  write: (entry: T, heldBack: number) => void;
  intervalMs?: number;
  now?: () => number;
  /** Kinds remembered at once; the one reported least recently is forgotten first. */
  maxKinds?: number;
}

interface KindState<T> {
  writtenAt: number;
  heldBack: number;
  latest: T | undefined;
}

/**
 * At most one line per kind of failure per interval: the first failure of a kind is written at
 * once, the repeats within the interval are counted, and the first one after it is written with
 * that count. A failure that fails every request then costs one line per interval, not one per
 * request.
 */
export class RepeatLimitedLog<T> {
  private readonly kinds = new Map<string, KindState<T>>();
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly maxKinds: number;

  constructor(private readonly options: RepeatLimitedLogOptions<T>) {
    this.intervalMs = options.intervalMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.maxKinds = options.maxKinds ?? 100;
  }

  report(kind: string, entry: T): void {
    const at = this.now();
    const seen = this.kinds.get(kind);
    if (seen) this.kinds.delete(kind);
    if (seen && at - seen.writtenAt < this.intervalMs) {
      this.kinds.set(kind, { ...seen, heldBack: seen.heldBack + 1, latest: entry });
      return;
    }
    this.kinds.set(kind, { writtenAt: at, heldBack: 0, latest: undefined });
    this.forgetOldest();
    this.options.write(entry, seen?.heldBack ?? 0);
  }

  /** Writes, for each kind with entries held back, the latest one with the count of the others. */
  flush(): void {
    for (const [kind, state] of this.kinds) this.flushKind(kind, state);
  }

  private flushKind(kind: string, state: KindState<T>): void {
    if (state.heldBack === 0 || state.latest === undefined) return;
    this.kinds.set(kind, { writtenAt: this.now(), heldBack: 0, latest: undefined });
    this.options.write(state.latest, state.heldBack - 1);
  }

  private forgetOldest(): void {
    while (this.kinds.size > this.maxKinds) {
      const [kind, state] = this.kinds.entries().next().value as [string, KindState<T>];
      this.flushKind(kind, state);
      this.kinds.delete(kind);
    }
  }
}
