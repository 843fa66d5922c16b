import { company, serviceLinks, socialLinks } from '@kw/site';
import { Link } from 'react-router';
import { NewsletterSignup } from '../../features/newsletter/public/NewsletterSignup.tsx';
import { SocialLinks } from './Icons.tsx';

const COMPANY_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/case-studies', label: 'Case Studies' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
];
const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/ethical-ai', label: 'Ethical AI Use' },
];

function FooterLinks({ links }: { links: { to: string; label: string }[] }) {
  return (
    <ul className="footer-links">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>{link.label}</Link>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="footer-logo">{company.name}</p>
          <p className="footer-note">{company.tagline}.</p>
          <p className="footer-note">
            {company.address}, {company.city}, {company.province} {company.postalCode}
          </p>
          <SocialLinks links={socialLinks} className="social-links" />
        </div>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="footer-heading">
            Services
          </h2>
          <ul className="footer-links">
            {serviceLinks.map((service) => (
              <li key={service.key}>
                {service.external ? (
                  <a href="/efficiency-edge" target="_blank" rel="noopener">
                    {service.title}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <Link to={service.url}>{service.title}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-heading">
            Company
          </h2>
          <FooterLinks links={COMPANY_LINKS} />
          <h2 className="footer-heading footer-heading-spaced">Legal</h2>
          <FooterLinks links={LEGAL_LINKS} />
        </nav>
        <NewsletterSignup />
      </div>
      <div className="container footer-bottom">
        <p>
          © {company.copyrightYear} {company.fullName} All rights reserved.
        </p>
      </div>
    </footer>
  );
}
