import { pocPage as page } from '@kw/site';
import {
  CardGrid,
  ClosingCall,
  ProcessSteps,
  Section,
  ServiceHero,
  SimpleCards,
  StoryCards,
} from '../Sections.tsx';

export function ProofOfConceptPage() {
  return (
    <>
      <ServiceHero eyebrow="Proof of Concept" intro={page.intro} />
      <Section id="poc-services" title="Proof of Concept Services" tone="white">
        <CardGrid
          columns={2}
          items={page.services}
          title={(s) => s.title}
          body={(s) => (
            <>
              <p>{s.description}</p>
              <dl className="facts">
                <dt>Timeline</dt>
                <dd>{s.timeline}</dd>
                <dt>Outcome</dt>
                <dd>{s.outcome}</dd>
              </dl>
            </>
          )}
        />
      </Section>
      <Section id="poc-benefits" title="Why Start with a Proof of Concept">
        <SimpleCards columns={4} items={page.benefits} />
      </Section>
      <Section id="poc-process" title="Our 5-Step Process" tone="white">
        <ProcessSteps steps={page.process} />
      </Section>
      <Section id="poc-stories" title="Success Stories">
        <StoryCards
          items={page.stories}
          title={(s) => s.concept}
          kicker={(s) => <p className="card-kicker">{s.client}</p>}
          facts={(s) => [
            ['Validation', s.validation],
            ['Outcome', s.outcome],
          ]}
        />
      </Section>
      <Section id="poc-ideal" title="Ideal For" tone="white">
        <SimpleCards columns={3} items={page.idealFor} />
      </Section>
      <ClosingCall
        title="Test your idea in weeks"
        text="Tell us the idea and the question it must answer. We will propose the smallest proof that answers it."
        calls={page.intro.calls}
      />
    </>
  );
}
