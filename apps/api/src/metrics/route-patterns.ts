import { PATH_METADATA } from '@nestjs/common/constants.js';

/** What a request whose path matches no route is counted under. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route patterns the controllers declare (`/v1/missions/demands/:id`), read from Nest's own
 * metadata, so the table follows the controllers whatever HTTP adapter serves them.
 */
export function routePatterns(controllers: readonly (abstract new (...args: never[]) => unknown)[]): string[] {
  const patterns = new Set<string>();
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name];
      if (typeof handler !== 'function' || name === 'constructor') continue;
      const sub = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (sub === undefined) continue;
      patterns.add(`/${[base, sub].map((part) => part.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`);
    }
  }
  return [...patterns];
}

interface CompiledRoute {
  pattern: string;
  segments: string[];
  /** Ends in `*`: any further segments belong to it (the API documents' assets). */
  prefix: boolean;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * Names the route pattern a request path belongs to, for metric labels: a path carries ids, and a
 * label per id would grow the series without bound. A path that matches no pattern is `unmatched`.
 */
export class RouteLabels {
  private readonly routes: CompiledRoute[];

  constructor(patterns: readonly string[]) {
    this.routes = patterns
      .map((pattern) => {
        const segments = segmentsOf(pattern);
        const prefix = segments.at(-1) === '*';
        return { pattern, segments: prefix ? segments.slice(0, -1) : segments, prefix };
      })
      // A literal segment wins over a parameter in the same place, as the routers decide.
      .sort((a, b) => literals(b) - literals(a) || Number(a.prefix) - Number(b.prefix));
  }

  /** `url` as the request line gives it: path and query. */
  label(url: string): string {
    const query = url.indexOf('?');
    const path = segmentsOf(query === -1 ? url : url.slice(0, query));
    for (const route of this.routes) if (matches(route, path)) return route.pattern;
    return UNMATCHED_ROUTE;
  }
}

function literals(route: CompiledRoute): number {
  return route.segments.filter((segment) => !segment.startsWith(':')).length;
}

function matches(route: CompiledRoute, path: string[]): boolean {
  if (route.prefix ? path.length < route.segments.length : path.length !== route.segments.length) return false;
  return route.segments.every((segment, i) => segment.startsWith(':') || segment === path[i]);
}
