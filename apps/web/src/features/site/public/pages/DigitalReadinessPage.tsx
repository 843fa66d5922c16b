import { analysisPage as page } from '@kw/site';
import {
  Checklist,
  ClosingCall,
  PageHero,
  ProcessSteps,
  Section,
} from '../../../../shared/public/Sections.tsx';

/** Technical & business analysis, with the digital readiness assessment at its centre. */
export function DigitalReadinessPage() {
  const { intro } = page;
  return (
    <>
      <PageHero
        eyebrow="Digital Readiness"
        title={intro.title}
        lead={intro.lead}
        calls={intro.calls}
      />
      <Section id="ba-services" title="Analysis Services" tone="white">
        <ul className="card-grid card-grid-2">
          {page.services.map((s) => (
            <li key={s.title} className="card">
              <h3>{s.title}</h3>
              <p>{s.description}</p>
              <p className="card-kicker">Deliverables</p>
              <Checklist items={s.deliverables} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="ba-areas" title="What We Assess">
        <ul className="card-grid card-grid-4">
          {page.areas.map((a) => (
            <li key={a.area} className="card">
              <h3>{a.area}</h3>
              <p>{a.description}</p>
              <Checklist items={a.checkpoints} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="ba-outcomes" title="What You Get" tone="white">
        <ul className="card-grid card-grid-4">
          {page.outcomes.map((o) => (
            <li key={o.title} className="card">
              <h3>{o.title}</h3>
              <p>{o.description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="ba-stories" title="Client Stories">
        <ul className="card-grid card-grid-3">
          {page.stories.map((s) => (
            <li key={s.client} className="card">
              <h3>{s.client}</h3>
              <p>
                <strong>Challenge:</strong> {s.challenge}
              </p>
              <p>
                <strong>Result:</strong> {s.result}
              </p>
              <p className="badge">Timeline: {s.timeline}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="ba-process" title="Our 5-Step Process" tone="white">
        <ProcessSteps steps={page.process} />
      </Section>
      <ClosingCall
        title="How ready is your business?"
        text="A readiness assessment takes two to four weeks and gives you a plan you can act on straight away."
        calls={intro.calls}
      />
    </>
  );
}
