import { imagesGet } from '@drip/core';
import { domainNotFound } from '../../errors.ts';
import type { Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';

/** Names are content hashes: the bytes behind a name never change, so browsers and CDNs keep them for a year. */
export function imageRoutes(s: Services): RouteDef[] {
  return [
    route(imagesGet, async ({ c, params }) => {
      const etag = `"${params.name.replace(/\.png$/, '')}"`;
      const bytes = await s.images.read(params.name);
      if (!bytes) throw domainNotFound('Imagem não encontrada', 'IMAGE_NOT_FOUND');
      const headers = {
        'Cache-Control': 'public, max-age=31536000, immutable',
        ETag: etag,
        'X-Content-Type-Options': 'nosniff',
      };
      if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
      return new Response(bytes, {
        status: 200,
        headers: { ...headers, 'Content-Type': 'image/png', 'Content-Length': String(bytes.length) },
      });
    }),
  ];
}
