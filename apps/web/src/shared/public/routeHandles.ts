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

/** A list page's handle: fixed SEO, and its list fetched before the server renders. */
export function listHandle<E extends AnyQueryEndpoint>(query: LazyQuery<E>, seo: Seo): RouteHandle {
  return { seo, prefetch: (store) => prefetchQuery(store, query, undefined) };
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
  slug: string;
  featuredImage: string;
  featuredImageRenditions?: ImageRenditions | null | undefined;
  updatedAt: string;
  version: number;
}

/**
 * A post's or case study's SEO: its SEO title and description (or title and excerpt), its share
 * image, and an Article in JSON-LD; `article` adds the author, publisher and the like.
 */
export function articleSeo(
  item: Article,
  page: { path: string; keywords: string[]; datePublished: string },
  article: object,
): Seo {
  const description = item.seoDescription || item.excerpt || item.title;
  const image = item.featuredImage ? { image: item.featuredImage } : {};
  return {
    title: item.seoTitle || item.title,
    description,
    path: page.path,
    type: 'article',
    keywords: page.keywords,
    ...articleShareImage(page.path, item),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: item.title,
        description,
        datePublished: page.datePublished,
        dateModified: item.updatedAt,
        ...image,
        ...article,
        mainEntityOfPage: page.path,
      },
    ],
  };
}
