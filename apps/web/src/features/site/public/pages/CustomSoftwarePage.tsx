import { customSoftwarePage as page } from '@kw/site';
import { ProjectCards } from '../ProjectCards.tsx';
import {
  CardGrid,
  Checklist,
  ChecklistCards,
  ClosingCall,
  ProcessSteps,
  Section,
  ServiceHero,
} from '../Sections.tsx';

export function CustomSoftwarePage() {
  return (
    <>
      <ServiceHero eyebrow="Custom Software" intro={page.intro} />
      <Section id="dev-services" title="Development Services" tone="white">
        <ChecklistCards
          columns={2}
          items={page.services}
          title={(s) => s.title}
          checklist={(s) => s.features}
          note={(s) => (
            <p className="benefits">
              <strong>Built with:</strong> {s.technologies.join(', ')}
            </p>
          )}
        />
      </Section>
      <Section id="dev-projects" title="Recent Projects">
        <ProjectCards projects={page.projects} />
      </Section>
      <Section id="dev-process" title="How We Build" tone="white">
        <ProcessSteps steps={page.process} />
      </Section>
      <Section id="dev-stack" title="Technology Stack">
        <CardGrid
          columns={4}
          items={page.techStack}
          title={(c) => c.column}
          body={(c) => <Checklist items={c.items} />}
        />
      </Section>
      <ClosingCall
        title="Have a system in mind?"
        text="Tell us what slows you down. We will sketch a solution and a budget, or suggest a proof of concept first."
        calls={page.intro.calls}
      />
    </>
  );
}
