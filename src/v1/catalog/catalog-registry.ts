import type { FastifyInstance, RouteOptions } from 'fastify';

export interface CatalogRoute {
  method: string;
  path: string;
  summary?: string;
  tags: string[];
}

/**
 * What GET /api/v1/endpoints lists: the v1 routes as they are registered, and sections that areas
 * fill from live data (anime categories with counts, media pools, downloader platforms).
 */
export class CatalogRegistry {
  readonly routes: CatalogRoute[] = [];
  private readonly sections = new Map<string, () => Promise<unknown> | unknown>();

  addRoute(route: RouteOptions): void {
    const schema = route.schema as { hide?: boolean; summary?: string; tags?: string[] } | undefined;
    if (schema?.hide || !route.url.startsWith('/api/v1')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (m) => m !== 'HEAD' && m !== 'OPTIONS',
    );
    for (const method of methods) {
      this.routes.push({ method, path: route.url, summary: schema?.summary, tags: schema?.tags ?? [] });
    }
  }

  /** An area adds a section, computed at request time so it always shows live data. */
  addSection(name: string, compute: () => Promise<unknown> | unknown): void {
    this.sections.set(name, compute);
  }

  async snapshot(): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [name, compute] of this.sections) out[name] = await compute();
    return out;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogRegistry;
  }
}

export function installCatalog(app: FastifyInstance): void {
  const registry = new CatalogRegistry();
  app.decorate('catalog', registry);
  app.addHook('onRoute', (route) => registry.addRoute(route));
}
