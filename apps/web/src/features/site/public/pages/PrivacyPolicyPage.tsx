import { contactSettings, privacyPolicy } from '@kw/site';

export function PrivacyPolicyPage() {
  return (
    <>
      <section className="hero hero-small">
        <div className="container">
          <h1>Privacy Policy</h1>
          <p className="lead">Last updated {privacyPolicy.updated}</p>
        </div>
      </section>
      <article className="container prose policy">
        <ol className="policy-sections">
          {privacyPolicy.sections.map((section) => (
            <li key={section.title}>
              <h2>{section.title}</h2>
              {section.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </li>
          ))}
        </ol>
        <p>
          <a href={`mailto:${contactSettings.email}`}>{contactSettings.email}</a> ·{' '}
          <a href={`tel:${contactSettings.phone.replace(/[^+\d]/g, '')}`}>
            {contactSettings.phone}
          </a>
        </p>
      </article>
    </>
  );
}
