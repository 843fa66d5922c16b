import { integrationPage as page } from '@kw/site';
import { ProjectCards } from '../../../../shared/public/ProjectCards.tsx';
import {
  ClosingCall,
  PageHero,
  ProcessSteps,
  Section,
} from '../../../../shared/public/Sections.tsx';

export function IntegrationPage() {
  const { intro } = page;
  return (
    <>
      <PageHero
        eyebrow="Integration & Automation"
        title={intro.title}
        lead={intro.lead}
        calls={intro.calls}
      />
      <Section id="int-services" title="Integration Services" tone="white">
        <ul className="card-grid card-grid-4">
          {page.services.map((s) => (
            <li key={s.title} className="card">
              <h3>{s.title}</h3>
              <p>{s.description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="int-metrics" title="Results Our Clients See">
        <ul className="metric-grid">
          {page.metrics.map((m) => (
            <li key={m.description} className="metric">
              <strong>{m.metric}</strong>
              <span>{m.description}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="int-tools" title="Tools We Work With" tone="white">
        <ul className="card-grid card-grid-3">
          {page.tools.map((tool) => (
            <li key={tool.name} className="card">
              <span className="badge">{tool.category}</span>
              <h3>{tool.name}</h3>
              <p>{tool.description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="int-stories" title="Success Stories">
        <ProjectCards projects={page.stories} />
      </Section>
      <Section id="int-process" title="Our Process" tone="white">
        <ProcessSteps steps={page.process} />
      </Section>
      <ClosingCall
        title="Stop re-typing data"
        text="Show us the process, and we will show you how much of it can run by itself."
        calls={intro.calls}
      />
    </>
  );
}
