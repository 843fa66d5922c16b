import type { ImageRenditions } from '@kw/media/presentation';
import { Fragment, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { IMAGE_SIZES, ResponsiveImage } from './ResponsiveImage.tsx';

// What the blog's and the case studies' public pages share (public-site.md §5): the list with
// its search, skeletons and empty states, the cards, the tag lists and the not-found page.

export const SKELETON_CARDS = 6;

export function SkeletonCards() {
  return (
    <div className="content-grid" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="content-card skeleton" data-testid="skeleton-card">
          <div className="skeleton-block skeleton-image" />
          <div className="skeleton-block" />
          <div className="skeleton-block short" />
        </div>
      ))}
    </div>
  );
}

/** A post's or case study's card: image, date and badge, title, the rest, and the read link. */
export function ContentCard(props: {
  image: string;
  imageRenditions?: ImageRenditions | null | undefined;
  first: boolean;
  date: string;
  dateText: string;
  badge?: string | undefined;
  title: string;
  to: string;
  readMore: string;
  children: ReactNode;
}) {
  return (
    <article className="content-card">
      {props.image && (
        // The first card's image is likely the largest thing on a phone's first screen: it
        // loads at once and first; the others wait until they are scrolled near.
        <ResponsiveImage
          className="card-image"
          src={props.image}
          renditions={props.imageRenditions}
          sizes={IMAGE_SIZES.card}
          priority={props.first}
        />
      )}
      <div className="card-body">
        <div className="card-meta">
          <time dateTime={props.date}>{props.dateText}</time>
          {props.badge && <span className="badge">{props.badge}</span>}
        </div>
        <h2 className="card-title clamp-2">{props.title}</h2>
        {props.children}
        <Link to={props.to} className="read-more">
          {props.readMore}
          <span className="visually-hidden">: {props.title}</span>
        </Link>
      </div>
    </article>
  );
}

export function SearchInput(props: {
  label: string;
  value: string;
  onChange(v: string): void;
  /** A clear button that removes itself gives the focus back here. */
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      ref={props.ref}
      type="search"
      className="content-search"
      placeholder={`${props.label}...`}
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** The list under the filters: skeletons, the failure, the two empty states, or the cards. */
export function ContentGrid<T extends { id: string }>(props: {
  isLoading: boolean;
  isError: boolean;
  failure: string;
  items: T[];
  empty: { none: string; noMatch: string; clearLabel: string; filtered: boolean; clear(): void };
  card(item: T, first: boolean): ReactNode;
}) {
  const { empty } = props;
  if (props.isLoading) return <SkeletonCards />;
  if (props.isError)
    return (
      <p className="content-empty" role="alert">
        {props.failure}
      </p>
    );
  if (props.items.length === 0)
    return (
      <div className="content-empty">
        {empty.filtered ? (
          <>
            <p>{empty.noMatch}</p>
            <button type="button" className="button button-secondary" onClick={empty.clear}>
              {empty.clearLabel}
            </button>
          </>
        ) : (
          <p>{empty.none}</p>
        )}
      </div>
    );
  return (
    <div className="content-grid">
      {props.items.map((item, i) => (
        <Fragment key={item.id}>{props.card(item, i === 0)}</Fragment>
      ))}
    </div>
  );
}

/** A post or case study that is not there: the page says so and leads back to the list. */
export function NotFound(props: { title: string; text: string; back: string; to: string }) {
  return (
    <section className="container not-found">
      <div className="card">
        <h1>{props.title}</h1>
        <p>{props.text}</p>
        <Link to={props.to} className="button button-primary">
          {props.back}
        </Link>
      </div>
    </section>
  );
}
