import type { CallToAction as Call, ProcessStep } from '@kw/site';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '../../../shared/public/Icons.tsx';

/** The page's hero: its one h1, a lead and up to two calls to action. */
export function PageHero({
  title,
  lead,
  calls,
  eyebrow,
  art,
}: {
  title: string;
  lead: string;
  calls?: readonly Call[];
  eyebrow?: string;
  /** A picture beside the text (the home page's illustration). */
  art?: ReactNode;
}) {
  const text = (
    <>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {calls && calls.length > 0 && <CallButtons calls={calls} />}
    </>
  );
  return (
    <section className="hero">
      {art ? (
        <div className="container hero-with-art">
          <div>{text}</div>
          {art}
        </div>
      ) : (
        <div className="container">{text}</div>
      )}
    </section>
  );
}

export function CallButtons({
  calls,
  inverse = true,
}: {
  calls: readonly Call[];
  inverse?: boolean;
}) {
  return (
    <div className="actions">
      {calls.map((call, index) => (
        <Link
          key={call.to}
          to={call.to}
          className={`button ${index === 0 ? (inverse ? 'button-light' : 'button-primary') : inverse ? 'button-outline-light' : 'button-secondary'}`}
        >
          {call.label}
        </Link>
      ))}
    </div>
  );
}

/** A titled band of the page. `tone` alternates the background for rhythm. */
export function Section({
  id,
  title,
  intro,
  tone,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tone?: 'wash' | 'white';
  children: ReactNode;
}) {
  return (
    <section className={`band ${tone === 'white' ? 'band-white' : ''}`} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {intro && <p className="section-intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

export function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className="checklist">
      {items.map((item) => (
        <li key={item}>
          <CheckIcon size={18} className="check" />
          {item}
        </li>
      ))}
    </ul>
  );
}

export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol className={`process process-${steps.length}`}>
      {steps.map((step) => (
        <li key={step.step} className="card process-step">
          <span className="step-number" aria-hidden="true">
            {step.step}
          </span>
          <h3>
            <span className="visually-hidden">Step {step.step}: </span>
            {step.title}
          </h3>
          <p>{step.description}</p>
        </li>
      ))}
    </ol>
  );
}

/** One star of 24 × 24 drawn from its top point with relative moves, so it can be repeated. */
const STAR = 'l3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2 1.2-6.8-5-4.9 6.9-1z';
/** Five stars as one path: a fifth of the bytes of five icons (the home page shows four rows). */
const FIVE_STARS = `M12 2${STAR}${`m24 0${STAR}`.repeat(4)}`;

export function Stars({ rating = 5, label }: { rating?: number; label?: string }) {
  return (
    <span className="stars" role="img" aria-label={label ?? `${rating.toFixed(1)} out of 5 stars`}>
      <svg width="90" height="18" viewBox="0 0 120 24" aria-hidden="true" focusable="false">
        <path d={FIVE_STARS} fill="currentColor" />
      </svg>
    </span>
  );
}

/** The closing band of a page: a short pitch and two calls to action. */
export function ClosingCall({
  title,
  text,
  calls,
}: {
  title: string;
  text: string;
  calls: readonly Call[];
}) {
  return (
    <section className="closing" aria-labelledby="closing-title">
      <div className="container">
        <h2 id="closing-title">{title}</h2>
        <p>{text}</p>
        <CallButtons calls={calls} />
      </div>
    </section>
  );
}

/** A grid of cards, each a list item with its h3 title; `top` comes before the title. */
export function CardGrid<T>(props: {
  columns: number;
  items: readonly T[];
  title(item: T): string;
  body(item: T): ReactNode;
  top?(item: T): ReactNode;
}) {
  return (
    <ul className={`card-grid card-grid-${props.columns}`}>
      {props.items.map((item) => (
        <li key={props.title(item)} className="card">
          {props.top?.(item)}
          <h3>{props.title(item)}</h3>
          {props.body(item)}
        </li>
      ))}
    </ul>
  );
}

/** Cards of a title and a paragraph. */
export function SimpleCards(props: {
  columns: number;
  items: readonly { title: string; description: string }[];
}) {
  return (
    <CardGrid
      columns={props.columns}
      items={props.items}
      title={(item) => item.title}
      body={(item) => <p>{item.description}</p>}
    />
  );
}

/** Cards of a description and a checklist: a kicker may head the list, a note follow it. */
export function ChecklistCards<T extends { description: string }>(props: {
  columns: number;
  items: readonly T[];
  title(item: T): string;
  checklist(item: T): readonly string[];
  kicker?: string;
  note?(item: T): ReactNode;
}) {
  return (
    <CardGrid
      columns={props.columns}
      items={props.items}
      title={props.title}
      body={(item) => (
        <>
          <p>{item.description}</p>
          {props.kicker && <p className="card-kicker">{props.kicker}</p>}
          <Checklist items={props.checklist(item)} />
          {props.note?.(item)}
        </>
      )}
    />
  );
}

/** Client stories: two labelled facts and the timeline. */
export function StoryCards<T extends { client: string; timeline: string }>(props: {
  items: readonly T[];
  title(item: T): string;
  kicker?(item: T): ReactNode;
  facts(item: T): [label: string, text: string][];
}) {
  return (
    <CardGrid
      columns={3}
      items={props.items}
      title={props.title}
      {...(props.kicker ? { top: props.kicker } : {})}
      body={(item) => (
        <>
          {props.facts(item).map(([label, text]) => (
            <p key={label}>
              <strong>{label}:</strong> {text}
            </p>
          ))}
          <p className="badge">Timeline: {item.timeline}</p>
        </>
      )}
    />
  );
}

/** A service page's hero: its eyebrow, and the page's title, lead and calls to action. */
export function ServiceHero(props: {
  eyebrow: string;
  intro: { title: string; lead: string; calls: readonly Call[] };
}) {
  const { intro } = props;
  return (
    <PageHero eyebrow={props.eyebrow} title={intro.title} lead={intro.lead} calls={intro.calls} />
  );
}
