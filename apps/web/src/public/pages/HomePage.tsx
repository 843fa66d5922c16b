import { company } from '@kw/site';
import { Link } from 'react-router';

export function HomePage() {
  return (
    <section className="hero">
      <div className="container">
        <h1>{company.tagline}</h1>
        <p className="lead">
          AI, custom software and automation for small and medium businesses in Kitchener-Waterloo
          and across Ontario.
        </p>
        <div className="actions">
          <Link to="/contact" className="button button-primary">
            Get Started Today
          </Link>
          <Link to="/services" className="button button-secondary">
            View Our Services
          </Link>
        </div>
      </div>
    </section>
  );
}
