import { contactSettings, privacyPolicy } from '@kw/site';
import { usePublicQuery } from '../../../../public-query.ts';
import { SmallHero } from '../../../../shared/public/Blocks.tsx';
import { privacyQueries } from '../../../privacy/public/privacyQueries.ts';
import { periodInWords } from '../../../privacy/public/retention.ts';

/** The retention section, from the periods of Settings → Privacy (the text's when not loaded). */
function retentionParagraphs(
  periods: { kind: string; label: string; days: number }[] | undefined,
  fallback: string[],
): string[] {
  if (!periods) return fallback;
  return [
    'We keep personal information only as long as needed, then erase it for good (including from our backups):',
    ...periods.map((p) =>
      p.kind === 'unsubscribed'
        ? `Unsubscribed newsletter addresses: ${p.days === 0 ? 'erased within a day, at the nightly clean-up' : `erased after ${periodInWords(p.days)}`}; only a one-way hash is kept, so we never e-mail you again by mistake.`
        : `${p.label}: ${periodInWords(p.days)}.`,
    ),
    'You can ask us at any time for a copy of what we hold about you, or to erase it sooner.',
  ];
}

export function PrivacyPolicyPage() {
  const retention = usePublicQuery(privacyQueries.retentionPolicy, undefined);
  return (
    <>
      <SmallHero title="Privacy Policy" lead={`Last updated ${privacyPolicy.updated}`} />
      <article className="container prose policy">
        <ol className="policy-sections">
          {privacyPolicy.sections.map((section) => (
            <li key={section.title}>
              <h2>{section.title}</h2>
              {(section.title === 'Retention'
                ? retentionParagraphs(retention.data?.periods, section.paragraphs)
                : section.paragraphs
              ).map((p) => (
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
