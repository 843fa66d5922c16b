import type { ServiceKey } from '@kw/site';

// The company's own illustrations (hand-written SVG in public/images/illustrations, under 2 KB
// each): files, not script, so they cost the first load no JavaScript and are cached.

const DIR = '/images/illustrations';

/**
 * The home hero's picture: a river of data through connected systems. Decorative. It is the
 * home page's largest paint on a phone, so it is fetched first (beside the page itself).
 */
export function HeroIllustration() {
  return (
    <img
      className="hero-art"
      src={`${DIR}/hero.svg`}
      alt=""
      width={480}
      height={360}
      fetchPriority="high"
    />
  );
}

/** A service card's picture. Decorative: the card's heading names the service. */
export function ServiceIllustration({ service }: { service: ServiceKey }) {
  return (
    <img
      className="service-art"
      src={`${DIR}/${service}.svg`}
      alt=""
      width={120}
      height={80}
      loading="lazy"
      decoding="async"
    />
  );
}

/** A partnership as a badge: a seal, the partner's name and the kind of partnership. */
export function PartnerBadge({ partner }: { partner: string }) {
  return (
    <li className="partner-badge">
      <svg className="partner-seal" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path
          d="M12 1.5l2.6 1.9 3.2-.2 1 3 2.7 1.8-1 3 1 3-2.7 1.8-1 3-3.2-.2L12 22.5l-2.6-1.9-3.2.2-1-3-2.7-1.8 1-3-1-3 2.7-1.8 1-3 3.2.2z"
          fill="currentColor"
        />
        <path
          d="M7.8 12.2l2.8 2.8 5.6-5.8"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="partner-text">
        <strong>{partner}</strong>
        <small>Certified Partner</small>
      </span>
    </li>
  );
}
