import { contactSettings, privacyPolicy } from '@kw/site';
import { SmallHero } from '../../../../shared/public/Blocks.tsx';

export function PrivacyPolicyPage() {
  return (
    <>
      <SmallHero title="Privacy Policy" lead={`Last updated ${privacyPolicy.updated}`} />
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
