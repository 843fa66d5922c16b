import { aiPage } from '@kw/site';
import { ProjectCards } from '../../../../shared/public/ProjectCards.tsx';
import {
  Checklist,
  ClosingCall,
  PageHero,
  ProcessSteps,
  Section,
} from '../../../../shared/public/Sections.tsx';

export function ArtificialIntelligencePage() {
  const { intro } = aiPage;
  return (
    <>
      <PageHero
        eyebrow="Artificial Intelligence"
        title={intro.title}
        lead={intro.lead}
        calls={intro.calls}
      />
      <Section id="ai-services" title="Our AI Services" tone="white">
        <ul className="card-grid card-grid-2">
          {aiPage.services.map((s) => (
            <li key={s.title} className="card">
              <h3>{s.title}</h3>
              <p>{s.description}</p>
              <Checklist items={s.features} />
              <p className="benefits">
                <strong>Benefits:</strong> {s.benefits.join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="ai-stories" title="Success Stories">
        <ProjectCards projects={aiPage.stories} />
      </Section>
      <Section id="ai-process" title="Our AI Process" tone="white">
        <ProcessSteps steps={aiPage.process} />
      </Section>
      <ClosingCall
        title="Find your first AI win"
        text="A two-hour assessment shows where AI saves your team the most time, and what it would cost."
        calls={intro.calls}
      />
    </>
  );
}
