import type { PageRequest, Period } from '@mwr/domain';
import { offsetOf } from '@mwr/domain';

/**
 * Collects the WHERE conditions of one listing with their bind parameters, so that values never
 * enter the SQL text. `$1` is always the client account: every query is scoped by it.
 */
export class SqlFilter {
  readonly params: unknown[];
  /** WITH items the conditions refer to. */
  readonly prelude: string[] = [];
  private readonly conditions: string[] = [];

  constructor(accountId: string) {
    this.params = [accountId];
  }

  /** Adds a bind parameter and answers its placeholder. */
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  where(condition: string): this {
    this.conditions.push(condition);
    return this;
  }

  /** Adds `condition(placeholder)` when the value is present. */
  whereValue<T>(value: T | null, condition: (placeholder: string) => string): this {
    if (value !== null) this.where(condition(this.bind(value)));
    return this;
  }

  period(column: string, period: Period): this {
    return this.whereValue(period.from, (p) => `${column} >= ${p}`).whereValue(period.before, (p) => `${column} < ${p}`);
  }

  /**
   * Case-insensitive substring match: the listing's row is kept when any searched column matches.
   * Each arm selects the listing's row ids from one searched table (given the LIKE pattern's
   * placeholder), so each table's trigram index finds its matches, and only the union of matches
   * is joined with the page instead of testing every row of the account. LIKE's wildcards in the
   * text match themselves.
   */
  search(text: string | null, rowId: string, arms: readonly ((pattern: string) => string)[]): this {
    if (text === null) return this;
    const pattern = this.bind(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    // Materialised once for the page and the count alike.
    this.prelude.push(`search_hits AS MATERIALIZED (${arms.map((arm) => arm(pattern)).join('\n UNION ')})`);
    return this.where(`${rowId} IN (SELECT id FROM search_hits)`);
  }

  get sql(): string {
    return this.conditions.join('\n AND ');
  }

  /** LIMIT and OFFSET placeholders for a page. */
  page(request: PageRequest): string {
    return `LIMIT ${this.bind(request.itemsPerPage)} OFFSET ${this.bind(offsetOf(request))}`;
  }
}
