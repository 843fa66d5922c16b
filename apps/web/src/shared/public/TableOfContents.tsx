import type { Heading } from '@kw/blog/contract';
import type { MouseEvent, ReactNode } from 'react';

/**
 * Scrolls smoothly to the heading and records it in the address without a navigation. The
 * keyboard's place moves there too, as a plain link to a fragment moves it: the next Tab goes
 * on in that section, and a screen reader reads from the heading.
 */
function scrollToHeading(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/** A sticky table of contents, indented 16 px per heading level below `baseLevel`. */
export function TableOfContents({
  headings,
  baseLevel,
  children,
}: {
  headings: Heading[];
  baseLevel: number;
  children?: ReactNode;
}) {
  if (headings.length === 0) return null;
  const top = baseLevel;
  const indent = (level: number) => `toc-indent-${Math.min(5, Math.max(0, level - top))}`;
  return (
    <nav className="toc" aria-label="Table of Contents">
      <h2 className="toc-title">Table of Contents</h2>
      <ul>
        {headings.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two headings may share a text
          <li key={`${h.id}-${i}`} className={indent(h.level)}>
            <a href={`#${h.id}`} onClick={(e) => scrollToHeading(e, h.id)}>
              {h.text}
            </a>
          </li>
        ))}
      </ul>
      {children}
    </nav>
  );
}
