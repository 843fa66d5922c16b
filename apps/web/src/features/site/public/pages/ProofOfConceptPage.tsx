import { pocPage as page } from '@kw/site';
import {
  ClosingCall,
  PageHero,
  ProcessSteps,
  Section,
} from '../../../../shared/public/Sections.tsx';

export function ProofOfConceptPage() {
  const { intro } = page;
  return (
    <>
      <PageHero
        eyebrow="Proof of Concept"
        title={intro.title}
        lead={intro.lead}
        calls={intro.calls}
      />
      <Section id="poc-services" title="Proof of Concept Services" tone="white">
        <ul className="card-grid card-grid-2">
          {page.services.map((s) => (
            <li key={s.title} className="card">
              <h3>{s.title}</h3>
              <p>{s.description}</p>
              <dl className="facts">
                <dt>Timeline</dt>
                <dd>{s.timeline}</dd>
                <dt>Outcome</dt>
                <dd>{s.outcome}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="poc-benefits" title="Why Start with a Proof of Concept">
        <ul className="card-grid card-grid-4">
          {page.benefits.map((b) => (
            <li key={b.title} className="card">
              <h3>{b.title}</h3>
              <p>{b.description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="poc-process" title="Our 5-Step Process" tone="white">
        <ProcessSteps steps={page.process} />
      </Section>
      <Section id="poc-stories" title="Success Stories">
        <ul className="card-grid card-grid-3">
          {page.stories.map((s) => (
            <li key={s.client} className="card">
              <p className="card-kicker">{s.client}</p>
              <h3>{s.concept}</h3>
              <p>
                <strong>Validation:</strong> {s.validation}
              </p>
              <p>
                <strong>Outcome:</strong> {s.outcome}
              </p>
              <p className="badge">Timeline: {s.timeline}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="poc-ideal" title="Ideal For" tone="white">
        <ul className="card-grid card-grid-3">
          {page.idealFor.map((i) => (
            <li key={i.title} className="card">
              <h3>{i.title}</h3>
              <p>{i.description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <ClosingCall
        title="Test your idea in weeks"
        text="Tell us the idea and the question it must answer. We will propose the smallest proof that answers it."
        calls={intro.calls}
      />
    </>
  );
}
