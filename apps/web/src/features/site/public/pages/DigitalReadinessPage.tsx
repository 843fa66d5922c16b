import { analysisPage as page } from '@kw/site';
import {
  ChecklistCards,
  ClosingCall,
  ProcessSteps,
  Section,
  ServiceHero,
  SimpleCards,
  StoryCards,
} from '../Sections.tsx';

/** Technical & business analysis, with the digital readiness assessment at its centre. */
export function DigitalReadinessPage() {
  return (
    <>
      <ServiceHero eyebrow="Digital Readiness" intro={page.intro} />
      <Section id="ba-services" title="Analysis Services" tone="white">
        <ChecklistCards
          columns={2}
          items={page.services}
          title={(s) => s.title}
          kicker="Deliverables"
          checklist={(s) => s.deliverables}
        />
      </Section>
      <Section id="ba-areas" title="What We Assess">
        <ChecklistCards
          columns={4}
          items={page.areas}
          title={(a) => a.area}
          checklist={(a) => a.checkpoints}
        />
      </Section>
      <Section id="ba-outcomes" title="What You Get" tone="white">
        <SimpleCards columns={4} items={page.outcomes} />
      </Section>
      <Section id="ba-stories" title="Client Stories">
        <StoryCards
          items={page.stories}
          title={(s) => s.client}
          facts={(s) => [
            ['Challenge', s.challenge],
            ['Result', s.result],
          ]}
        />
      </Section>
      <Section id="ba-process" title="Our 5-Step Process" tone="white">
        <ProcessSteps steps={page.process} />
      </Section>
      <ClosingCall
        title="How ready is your business?"
        text="A readiness assessment takes two to four weeks and gives you a plan you can act on straight away."
        calls={page.intro.calls}
      />
    </>
  );
}
