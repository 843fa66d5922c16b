import { excerptOrFallback } from '@kw/blog/presentation';
import { type ImageRenditions, shareImage } from '@kw/media/presentation';
import {
  type AnyQueryEndpoint,
  type LazyQuery,
  prefetchQuery,
  type ResultOf,
  readQuery,
} from '../../public-query.ts';
import type { RouteDataContext, RouteHandle } from '../../route-handle.ts';
import type { Seo } from '../../seo.ts';
import { breadcrumbs, type Crumb } from './breadcrumbs.ts';

/**
 * A list page's handle: fixed SEO with its breadcrumbs (Home › the list), and its list fetched
 * before the server renders.
 */
export function listHandle<E extends AnyQueryEndpoint>(
  query: LazyQuery<E>,
  seo: Seo & { path: string; breadcrumb: string },
): RouteHandle {
  const { breadcrumb, ...rest } = seo;
  return {
    seo: {
      ...rest,
      // Structured data only in the server's HTML (the browser uses the title): less code.
      jsonLd: import.meta.env.SSR ? [breadcrumbs({ name: breadcrumb, path: seo.path })] : [],
    },
    prefetch: (store) => prefetchQuery(store, query, undefined),
  };
}

/**
 * A page of one item by its slug: fetched before the server renders, a 404 when missing (with
 * the not-found page's SEO), else SEO from the item.
 */
export function itemHandle<E extends AnyQueryEndpoint>(
  query: LazyQuery<E>,
  notFound: { title: string; description: string },
  seo: (item: NonNullable<ResultOf<E>>) => Seo,
): RouteHandle {
  const itemOf = ({ state, params }: RouteDataContext) =>
    readQuery(state, query, params.slug ?? '').data;
  return {
    prefetch: (store, params) => prefetchQuery(store, query, params.slug ?? ''),
    status: (ctx) => (itemOf(ctx) ? undefined : 404),
    seo: (ctx) => {
      const item = itemOf(ctx);
      return item ? seo(item) : { ...notFound, noindex: true };
    },
  };
}

/** A post's or case study's share image (og:image), by the kind its page's path names. */
const articleShareImage = (path: string, item: Article) =>
  shareImage(
    path.startsWith('/blog/') ? 'posts' : 'case-studies',
    item.slug,
    item.version,
    Boolean(item.featuredImageRenditions),
  );

interface Article {
  title: string;
  seoTitle: string;
  seoDescription: string;
  excerpt: string;
  content: string;
  slug: string;
  featuredImage: string;
  featuredImageRenditions?: ImageRenditions | null | undefined;
  updatedAt: string;
  version: number;
}

/**
 * A post's or case study's SEO: its SEO title and description (or title and excerpt), its share
 * image, its tags as keywords, its breadcrumbs (Home › `section` › the item) and an Article in
 * JSON-LD (paths made absolute when the head is written); `article` adds the author, publisher
 * and the like.
 */
export function articleSeo(
  item: Article,
  page: {
    path: string;
    keywords: string[];
    datePublished: string;
    section: Crumb;
    /** Characters of the content that stand in for a missing excerpt, as on the item's card. */
    excerptLength: number;
  },
  article: object,
): Seo {
  const description =
    item.seoDescription ||
    (item.content.trim()
      ? excerptOrFallback(item.excerpt, item.content, page.excerptLength)
      : item.excerpt) ||
    item.title;
  return {
    title: item.seoTitle || item.title,
    description,
    path: page.path,
    type: 'article',
    keywords: page.keywords,
    ...articleShareImage(page.path, item),
    // Structured data only in the server's HTML (the browser uses the title): less code.
    jsonLd: import.meta.env.SSR
      ? [
          breadcrumbs(page.section, { name: item.title, path: page.path }),
          {
            '@context': 'https://schema.org',
            '@type': 'Article',
            headline: item.title,
            description,
            datePublished: page.datePublished,
            dateModified: item.updatedAt,
            // Google recommends an image: the site's share image when the item has none.
            image: item.featuredImage || '/og-image.png',
            ...(page.keywords.length > 0 ? { keywords: page.keywords.join(', ') } : {}),
            ...article,
            mainEntityOfPage: { '@type': 'WebPage', '@id': page.path },
          },
        ]
      : [],
  };
}
