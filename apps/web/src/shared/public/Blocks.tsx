import type { ReactNode } from 'react';

// Small pieces several public pages share.

/** The small hero of a list or form page: its h1 and lead. */
export function SmallHero({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="hero hero-small">
      <div className="container">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}

export function TagList({
  items,
  label,
  className = 'tag',
  children,
}: {
  items: readonly string[];
  label?: string;
  className?: string;
  /** After the tags (a '+2 more'). */
  children?: ReactNode;
}) {
  return (
    <ul className="tag-list" aria-label={label}>
      {items.map((t) => (
        <li key={t} className={className}>
          {t}
        </li>
      ))}
      {children}
    </ul>
  );
}
