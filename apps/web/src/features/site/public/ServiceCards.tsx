import type { Service } from '@kw/site';
import { Link } from 'react-router';
import { ArrowIcon, ExternalIcon } from '../../../shared/public/Icons.tsx';
import { ServiceIllustration } from './Illustrations.tsx';

/** The service grid of home and /services; Efficiency Edge opens its own site in a new tab. */
export function ServiceCards({
  items,
  showBadge,
}: {
  items: readonly Service[];
  showBadge?: boolean;
}) {
  return (
    <ul className="card-grid card-grid-3">
      {items.map((service) => (
        <li
          key={service.key}
          className={`card service-card ${service.featured ? 'is-featured' : ''}`}
        >
          {showBadge && service.featured && <span className="badge badge-accent">Featured</span>}
          <ServiceIllustration service={service.key} />
          <h3>{service.title}</h3>
          <p>{service.description}</p>
          <ul className="mini-list">
            {service.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          {service.external ? (
            <a className="learn-more" href="/efficiency-edge" target="_blank" rel="noopener">
              Learn More
              <span className="visually-hidden"> about {service.title} (opens in a new tab)</span>
              <ExternalIcon size={16} />
            </a>
          ) : (
            <Link className="learn-more" to={service.url}>
              Learn More<span className="visually-hidden"> about {service.title}</span>
              <ArrowIcon size={16} />
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
