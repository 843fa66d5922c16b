import { aiPage as page } from '@kw/site';
import { ProjectCards } from '../ProjectCards.tsx';
import { ChecklistCards, ClosingCall, ProcessSteps, Section, ServiceHero } from '../Sections.tsx';

export function ArtificialIntelligencePage() {
  return (
    <>
      <ServiceHero eyebrow="Artificial Intelligence" intro={page.intro} />
      <Section id="ai-services" title="Our AI Services" tone="white">
        <ChecklistCards
          columns={2}
          items={page.services}
          title={(s) => s.title}
          checklist={(s) => s.features}
          note={(s) => (
            <p className="benefits">
              <strong>Benefits:</strong> {s.benefits.join(' · ')}
            </p>
          )}
        />
      </Section>
      <Section id="ai-stories" title="Success Stories">
        <ProjectCards projects={page.stories} />
      </Section>
      <Section id="ai-process" title="Our AI Process" tone="white">
        <ProcessSteps steps={page.process} />
      </Section>
      <ClosingCall
        title="Find your first AI win"
        text="A two-hour assessment shows where AI saves your team the most time, and what it would cost."
        calls={page.intro.calls}
      />
    </>
  );
}
