import { services, whyChooseUs } from '@kw/site';
import { ClosingCall, PageHero, Section, SimpleCards } from '../Sections.tsx';
import { ServiceCards } from '../ServiceCards.tsx';

export function ServicesPage() {
  return (
    <>
      <PageHero
        title="Our Services"
        lead="Six ways we help Kitchener-Waterloo businesses work smarter: from a first AI assessment to custom software, integrations and proofs of concept."
      />
      <Section id="service-grid" title="What We Do" tone="white">
        <ServiceCards items={services} showBadge />
      </Section>
      <Section id="why-choose" title="Why Choose Grand River Digital">
        <SimpleCards columns={4} items={whyChooseUs} />
      </Section>
      <ClosingCall
        title="Not sure where to start?"
        text="Book a free 30-minute call. We will listen, ask good questions and tell you honestly where technology can help."
        calls={[
          { label: 'Contact Us', to: '/contact' },
          { label: 'See Case Studies', to: '/case-studies' },
        ]}
      />
    </>
  );
}
