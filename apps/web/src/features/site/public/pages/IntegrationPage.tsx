import { integrationPage as page } from '@kw/site';
import { ProjectCards } from '../ProjectCards.tsx';
import {
  CardGrid,
  ClosingCall,
  ProcessSteps,
  Section,
  ServiceHero,
  SimpleCards,
} from '../Sections.tsx';

export function IntegrationPage() {
  return (
    <>
      <ServiceHero eyebrow="Integration & Automation" intro={page.intro} />
      <Section id="int-services" title="Integration Services" tone="white">
        <SimpleCards columns={4} items={page.services} />
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
        <CardGrid
          columns={3}
          items={page.tools}
          title={(tool) => tool.name}
          top={(tool) => <span className="badge">{tool.category}</span>}
          body={(tool) => <p>{tool.description}</p>}
        />
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
        calls={page.intro.calls}
      />
    </>
  );
}
