import { customSoftwarePage as page } from '@kw/site';
import { ProjectCards } from '../../../../shared/public/ProjectCards.tsx';
import {
  Checklist,
  ClosingCall,
  PageHero,
  ProcessSteps,
  Section,
} from '../../../../shared/public/Sections.tsx';

export function CustomSoftwarePage() {
  const { intro } = page;
  return (
    <>
      <PageHero
        eyebrow="Custom Software"
        title={intro.title}
        lead={intro.lead}
        calls={intro.calls}
      />
      <Section id="dev-services" title="Development Services" tone="white">
        <ul className="card-grid card-grid-2">
          {page.services.map((s) => (
            <li key={s.title} className="card">
              <h3>{s.title}</h3>
              <p>{s.description}</p>
              <Checklist items={s.features} />
              <p className="benefits">
                <strong>Built with:</strong> {s.technologies.join(', ')}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="dev-projects" title="Recent Projects">
        <ProjectCards projects={page.projects} />
      </Section>
      <Section id="dev-process" title="How We Build" tone="white">
        <ProcessSteps steps={page.process} />
      </Section>
      <Section id="dev-stack" title="Technology Stack">
        <ul className="card-grid card-grid-4">
          {page.techStack.map((column) => (
            <li key={column.column} className="card">
              <h3>{column.column}</h3>
              <Checklist items={column.items} />
            </li>
          ))}
        </ul>
      </Section>
      <ClosingCall
        title="Have a system in mind?"
        text="Tell us what slows you down. We will sketch a solution and a budget, or suggest a proof of concept first."
        calls={intro.calls}
      />
    </>
  );
}
