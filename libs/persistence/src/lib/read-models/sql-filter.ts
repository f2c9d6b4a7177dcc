import type { PageRequest, Period } from '@mwr/domain';
import { offsetOf } from '@mwr/domain';

/** Joins the searched columns in a search document; see `SqlFilter.search`. */
export const SEARCH_SEPARATOR = '\u001f';

/**
 * Collects the WHERE conditions of one listing with their bind parameters, so that values never
 * enter the SQL text. `$1` is always the client account: every query is scoped by it.
 */
export class SqlFilter {
  readonly params: unknown[];
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
   * Case-insensitive substring match of `text` in any searched column, through the listing row's
   * search document (migration 1764200000000): the searched columns lower-cased and joined by
   * U+001F. A term without that character matches the document exactly when it matches one of the
   * columns; a term with it is matched column by column (`columnsMatch`, given the ILIKE pattern's
   * placeholder). LIKE's wildcards in the text match themselves.
   */
  search(text: string | null, document: string, columnsMatch: (pattern: string) => string): this {
    if (text === null) return this;
    const pattern = this.bind(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (text.includes(SEARCH_SEPARATOR)) return this.where(columnsMatch(pattern));
    // A term with no run of three letters or digits has no trigram to look up: the trigram index
    // would be read whole, so the expression keeps the planner on a scan of the account's rows.
    const indexed = /[\p{L}\p{N}]{3}/u.test(text) ? document : `(${document} || '')`;
    return this.where(`${indexed} LIKE lower(${pattern})`);
  }

  get sql(): string {
    return this.conditions.join('\n AND ');
  }

  /** LIMIT and OFFSET placeholders for a page. */
  page(request: PageRequest): string {
    return `LIMIT ${this.bind(request.itemsPerPage)} OFFSET ${this.bind(offsetOf(request))}`;
  }
}
