import { company } from '@kw/site';
import { ContactForm } from '../contact/ContactForm.tsx';

export function ContactPage() {
  return (
    <>
      <section className="hero hero-small">
        <div className="container">
          <h1>Get in Touch</h1>
          <p className="lead">Tell us about your project. We respond within 24 hours.</p>
        </div>
      </section>
      <section className="container contact-grid">
        <aside className="contact-cards">
          <div className="card">
            <h2>Location</h2>
            <p>
              {company.address}
              <br />
              {company.city}, {company.province} {company.postalCode}
            </p>
          </div>
          <div className="card">
            <h2>Phone</h2>
            <p>
              <a href={`tel:${company.phone.replace(/[^+\d]/g, '')}`}>{company.phone}</a>
            </p>
            <p className="muted">Available Monday - Friday, 9 AM - 6 PM EST</p>
          </div>
          <div className="card">
            <h2>Email</h2>
            <p>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </p>
            <p className="muted">We respond within 24 hours</p>
          </div>
        </aside>
        <div className="card contact-form-card">
          <h2>Send Us a Message</h2>
          <ContactForm />
        </div>
      </section>
    </>
  );
}
