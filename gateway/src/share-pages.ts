import fs from 'node:fs/promises';
import path from 'node:path';
import { Router } from 'express';
import {
  ANNOUNCEMENT_ENDPOINTS,
  publicAnnouncementSchema,
  sitemapEntrySchema,
  type PublicAnnouncement,
} from '@tapinti/contracts/announcements-api';
import { PHOTO_GALLERY_SIZES, photoSrcSet } from '@tapinti/contracts/photo-variants';
import type { Logger } from '@tapinti/platform/logger';
import { z } from 'zod';
import { namingFirstScreen } from './first-screen';

export interface SharePagesDeps {
  /** The built web app (its index.html). */
  webDir: string;
  /** Where browsers reach the platform (`publicUrlOf`): link previews need absolute URLs. */
  publicUrl: string;
  /** A GET of a public API path, answered by the service the route table names. */
  readApi(apiPath: string): Promise<Response>;
  logger: Logger;
}

/** The announcement's own page in the web app (`web/src/app/routes/announcement-page.tsx`). */
export const announcementPagePath = (id: string) => `/elan/${id}`;

const DESCRIPTION_LENGTH = 200;
const TYPE_LABELS = { lost: 'İtirilib', found: 'Tapılıb' } as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The index.html's own description and preview tags, replaced by an announcement's. */
const PAGE_META = /<meta\s+(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/g;

function shorten(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}

/** Open Graph and Twitter tags of one announcement, for a link pasted in a messenger. */
function previewTags(a: PublicAnnouncement, publicUrl: string): string {
  const title = `${TYPE_LABELS[a.type]}: ${a.title}`;
  const reward = a.rewardAmount > 0 ? ` · Mükafat: ${a.rewardAmount} AZN` : '';
  const description = shorten(`${a.location}${reward}. ${a.description}`, DESCRIPTION_LENGTH);
  const tags: Array<[string, string, string]> = [
    ['name', 'description', description],
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', 'Tapıntı'],
    ['property', 'og:locale', 'az_AZ'],
    ['property', 'og:url', `${publicUrl}${announcementPagePath(a.id)}`],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['name', 'twitter:card', a.thumbnailUrl ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  if (a.thumbnailUrl) {
    const image = `${publicUrl}${a.thumbnailUrl}`;
    tags.push(
      ['property', 'og:image', image],
      ['property', 'og:image:type', 'image/webp'],
      ['property', 'og:image:width', '480'],
      ['property', 'og:image:height', '300'],
      ['property', 'og:image:alt', a.title],
      ['name', 'twitter:image', image],
    );
  }
  return tags
    .map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeHtml(content)}" />`)
    .join('\n    ');
}

function withPreview(indexHtml: string, a: PublicAnnouncement, publicUrl: string): string {
  // The page's largest paint is its photo: fetched at once, not after the code and the API call,
  // and named before the scripts, so the browser asks for it first (on slow 4G they share the line).
  // The same candidate of the same srcset the page's <img> picks (photo-gallery.tsx): the screen-sized
  // copy on a phone. No href: a browser without imagesrcset would fetch the original for nothing.
  const srcset = a.imageUrl ? escapeHtml(photoSrcSet(a.imageUrl)) : '';
  const photo = a.imageUrl
    ? `\n    <link rel="preload" as="image" imagesrcset="${srcset}" imagesizes="${PHOTO_GALLERY_SIZES}" fetchpriority="high" />`
    : '';
  // And painted by the static shell as soon as it arrives, where the page shows it, not only once the
  // code, the API call and the first render are done (the page removes the shell when it has the
  // announcement: announcement-page.tsx).
  const html = a.imageUrl
    ? namingFirstScreen(indexHtml, '/elan').replace(
        '<div class="shell-main">',
        `<div class="shell-main">
        <div class="shell-screen" data-path="/elan">
          <div class="shell-page">
            <div class="shell-container shell-narrow">
              <div class="shell-card">
                <div class="shell-photo">
                  <img src="${escapeHtml(a.imageUrl)}" srcset="${srcset}" sizes="${PHOTO_GALLERY_SIZES}" alt="${escapeHtml(a.title)}" fetchpriority="high" />
                </div>
              </div>
            </div>
          </div>
        </div>`,
      )
    : indexHtml;
  return html
    .replace(PAGE_META, '')
    .replace(/<meta name="viewport"[^>]*>/, (viewport) => `${viewport}${photo}`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${a.title} — Tapıntı`)}</title>`)
    .replace('</head>', `  ${previewTags(a, publicUrl)}\n  </head>`);
}

function sitemapXml(publicUrl: string, entries: Array<{ id: string; lastModified: string }>): string {
  const url = (loc: string, lastModified?: string) =>
    `<url><loc>${escapeHtml(loc)}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url(`${publicUrl}/`),
    url(`${publicUrl}/rewards`),
    ...entries.map((e) => url(`${publicUrl}${announcementPagePath(e.id)}`, e.lastModified)),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Pages the server itself completes, for crawlers and link previews that run no JavaScript:
 * `/elan/:id` is the web app's index.html with the announcement's Open Graph and Twitter tags (an
 * unknown or hidden one: the plain index.html, 404), and `/sitemap.xml` lists the open public
 * announcements. Both read the announcements service's public API, never its tables.
 * `/robots.txt` is the web app's file with the sitemap's absolute address (it depends on PUBLIC_URL).
 */
export function sharePagesRouter(deps: SharePagesDeps): Router {
  const router = Router();
  const indexHtml = path.join(deps.webDir, 'index.html');

  async function announcement(id: string): Promise<PublicAnnouncement | null> {
    const apiPath = ANNOUNCEMENT_ENDPOINTS.publicDetails.path.replace(':id', encodeURIComponent(id));
    const res = await deps.readApi(apiPath);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GET ${apiPath}: ${res.status}`);
    return publicAnnouncementSchema.parse(await res.json());
  }

  router.get('/elan/:id', async (req, res, next) => {
    let html: string;
    try {
      html = await fs.readFile(indexHtml, 'utf8');
    } catch {
      return next(); // Not built: the web app's own fallback says so.
    }
    let found: PublicAnnouncement | null = null;
    try {
      found = await announcement(req.params.id);
      if (!found) res.status(404);
    } catch (err) {
      // The page still works without a preview: the app loads the announcement itself.
      deps.logger.warn({ err }, 'announcement preview unavailable');
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(found ? withPreview(html, found, deps.publicUrl) : html);
  });

  router.get('/robots.txt', async (_req, res, next) => {
    let robots: string;
    try {
      robots = await fs.readFile(path.join(deps.webDir, 'robots.txt'), 'utf8');
    } catch {
      return next();
    }
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(`${robots.trimEnd()}\nSitemap: ${deps.publicUrl}/sitemap.xml\n`);
  });

  router.get('/sitemap.xml', async (_req, res) => {
    try {
      const answer = await deps.readApi(ANNOUNCEMENT_ENDPOINTS.sitemap.path);
      if (!answer.ok) throw new Error(`GET ${ANNOUNCEMENT_ENDPOINTS.sitemap.path}: ${answer.status}`);
      const entries = z.array(sitemapEntrySchema).parse(await answer.json());
      res.setHeader('Cache-Control', 'public, max-age=600');
      res.type('application/xml').send(sitemapXml(deps.publicUrl, entries));
    } catch (err) {
      deps.logger.warn({ err }, 'sitemap unavailable');
      res.status(503).setHeader('Retry-After', '5');
      res.type('text/plain').send('Xidmət müvəqqəti əlçatan deyil. Bir az sonra yenidən cəhd edin');
    }
  });
  return router;
}
