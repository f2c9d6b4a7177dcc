import type { Page, PageRequest, PageRows } from './page';

export function envelope<T>(request: PageRequest, { total, rows }: PageRows<T>): Page<T> {
  return { total, page: request.page, itemsPerPage: request.itemsPerPage, data: rows };
}
