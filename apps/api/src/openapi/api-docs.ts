import type { INestApplication } from '@nestjs/common';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

// The plugins below run in the browser: @nestjs/swagger writes each function's source into
// swagger-ui-init.js, so they may use nothing but their arguments and the page's globals.

/** The few Immutable.js methods of Swagger UI's state that the grouping uses. */
export interface ImmutableList<T> {
  readonly size: number;
  map<U>(mapper: (value: T) => U): ImmutableList<U>;
  filter(predicate: (value: T) => boolean): ImmutableList<T>;
  some(predicate: (value: T) => boolean): boolean;
  reduce(reducer: (merged: T, value: T) => T): T;
  concat(other: ImmutableList<T>): ImmutableList<T>;
}

/** Security schemes by name (a form's schemes), or a security requirement's scheme names. */
export interface ImmutableMap {
  readonly size: number;
  has(name: string): boolean;
  merge(other: ImmutableMap): ImmutableMap;
  filter(predicate: (value: unknown, name: string) => boolean): ImmutableMap;
  keySeq(): { first(): string };
}

interface AuthSystem {
  specSelectors: { security(): ImmutableList<ImmutableMap> | undefined };
}

/**
 * Swagger UI gives every security scheme a form and an Authorize button of its own, so a user who
 * fills in both credentials and presses the first button sends `client-id` alone and gets a 401.
 * This gives the schemes of one security requirement one form and one button, which sends both.
 */
export function oneFormPerSecurityRequirement() {
  return {
    statePlugins: {
      auth: {
        wrapSelectors: {
          definitionsToAuthorize: (original: () => ImmutableList<ImmutableMap>, system: AuthSystem) => () => {
            const single = original();
            const requirements = system.specSelectors.security();
            if (!single || single.size === 0 || !requirements || requirements.size === 0) return single;
            const every = single.reduce((merged, one) => merged.merge(one));
            const grouped = requirements
              .map((requirement) => every.filter((_definition, name) => requirement.has(name)))
              .filter((group) => group.size > 0);
            const required = (one: ImmutableMap) => requirements.some((requirement) => requirement.has(one.keySeq().first()));
            return grouped.concat(single.filter((one) => !required(one)));
          },
        },
      },
    },
  };
}

declare const SwaggerUIBundle: { plugins: { DownloadUrl(system: unknown): unknown } };

// Swagger UI's own default, which naming a list of plugins would otherwise drop.
function downloadUrl(system: unknown) {
  return SwaggerUIBundle.plugins.DownloadUrl(system);
}

/**
 * Serves the document at /docs-json and Swagger UI at /docs, outside /v1 so that the reference is
 * readable without credentials; the UI's assets come from the installed swagger-ui-dist.
 */
export function serveApiDocs(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs-json',
    raw: ['json'],
    swaggerOptions: { plugins: [downloadUrl, oneFormPerSecurityRequirement] },
  });
}
