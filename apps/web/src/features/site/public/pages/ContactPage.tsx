import { contactPage, contactSettings, SOCIAL_LABELS } from '@kw/site';
import { MailIcon, MapPinIcon, PhoneIcon, SocialIcon } from '../../../../shared/public/Icons.tsx';
import { Stars } from '../../../../shared/public/Sections.tsx';
import { ContactForm } from '../../../contact/public/ContactForm.tsx';

export function ContactPage() {
  const c = contactSettings;
  const networks = Object.keys(c.social) as (keyof typeof c.social)[];
  return (
    <>
      <section className="hero hero-small">
        <div className="container">
          <h1>Get in Touch</h1>
          <p className="lead">Tell us about your project. We respond within 24 hours.</p>
        </div>
      </section>
      <section className="container contact-grid">
        <aside className="contact-cards" aria-label="Contact details">
          <div className="card">
            <h2>
              <MapPinIcon /> Location
            </h2>
            <address>
              {c.address}
              <br />
              {c.city}, {c.province}
              <br />
              {c.postalCode}
            </address>
          </div>
          <div className="card">
            <h2>
              <PhoneIcon /> Phone
            </h2>
            <p>
              <a href={`tel:${c.phone.replace(/[^+\d]/g, '')}`}>{c.phone}</a>
            </p>
            <p className="muted">{contactPage.phoneHours}</p>
          </div>
          <div className="card">
            <h2>
              <MailIcon /> Email
            </h2>
            <p>
              <a href={`mailto:${c.email}`}>{c.email}</a>
            </p>
            <p className="muted">{contactPage.emailPromise}</p>
          </div>
          <div className="card">
            <h2>Follow Us</h2>
            <ul className="social-links social-links-dark">
              {networks.map((network) => (
                <li key={network}>
                  <a
                    href={c.social[network]}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${SOCIAL_LABELS[network]} (opens in a new tab)`}
                  >
                    <SocialIcon network={network} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="card">
            <h2>Why Choose Us?</h2>
            <p className="rating-line">
              <Stars rating={5} /> {contactPage.whyChooseUs.reviewLine}
            </p>
            <ul className="tag-list">
              {contactPage.whyChooseUs.badges.map((badge) => (
                <li key={badge} className="badge">
                  {badge}
                </li>
              ))}
            </ul>
          </div>
        </aside>
        <div className="card contact-form-card">
          <h2>Send Us a Message</h2>
          <ContactForm />
        </div>
      </section>
      <section className="band band-white" aria-labelledby="office-title">
        <div className="container">
          <h2 id="office-title" className="section-title">
            {contactPage.office.title}
          </h2>
          <p className="prose">{contactPage.office.description}</p>
          <p className="muted">
            {c.address}, {c.city}, {c.province} {c.postalCode} · {contactPage.office.hours}
          </p>
        </div>
      </section>
    </>
  );
}
