import { contactPage, contactSettings } from '@kw/site';
import { SmallHero } from '../../../../shared/public/Blocks.tsx';
import { MailIcon, MapPinIcon, PhoneIcon, SocialLinks } from '../../../../shared/public/Icons.tsx';
import { ContactForm } from '../../../contact/public/ContactForm.tsx';
import { Stars } from '../Sections.tsx';

export function ContactPage() {
  const c = contactSettings;
  return (
    <>
      <SmallHero
        title="Get in Touch"
        lead="Tell us about your project. We respond within 24 hours."
      />
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
              <a href={`tel:${c.phone.replace(/[^+\d]/g, '')}`}>
                {/* Kept on one line: non-breaking spaces and hyphens. */}
                {c.phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011')}
              </a>
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
            <SocialLinks links={c.social} className="social-links social-links-dark" />
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
