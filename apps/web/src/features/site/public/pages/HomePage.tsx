import {
  clients,
  featuredMedia,
  homePage,
  type MediaType,
  services,
  testimonials,
  trustStats,
} from '@kw/site';
import { BuildingIcon, MicIcon, NewspaperIcon } from '../../../../shared/public/Icons.tsx';
import { HeroIllustration, PartnerBadge } from '../Illustrations.tsx';
import { ClosingCall, PageHero, Section, Stars } from '../Sections.tsx';
import { ServiceCards } from '../ServiceCards.tsx';

const MEDIA_ICON: Record<MediaType, typeof BuildingIcon> = {
  organization: BuildingIcon,
  publication: NewspaperIcon,
  podcast: MicIcon,
};

export function HomePage() {
  return (
    <>
      <PageHero
        title={homePage.hero.title}
        lead={homePage.hero.lead}
        calls={[
          { label: 'Get Started Today', to: '/contact' },
          { label: 'View Our Services', to: '/services' },
        ]}
        art={<HeroIllustration />}
      />
      <section className="partners" aria-labelledby="partners-title">
        <div className="container partners-inner">
          <h2 id="partners-title" className="partners-title">
            {homePage.partnersTitle}
          </h2>
          <ul className="partner-list">
            {trustStats.partnerships.map((partner) => (
              <PartnerBadge key={partner} partner={partner} />
            ))}
          </ul>
          <ul className="stat-list">
            <li>
              <strong>{trustStats.rating.toFixed(1)}</strong> rating
            </li>
            <li>
              <strong>{trustStats.clients}</strong> happy clients
            </li>
            <li>
              <strong>{trustStats.experience}</strong> years of experience
            </li>
            <li>
              <strong>{trustStats.projects}</strong> projects
            </li>
          </ul>
        </div>
      </section>
      <Section id="services-title" title={homePage.servicesTitle} tone="white">
        <ServiceCards items={services} />
      </Section>
      <Section id="testimonials-title" title={homePage.testimonialsTitle}>
        <p className="rating-line">
          <Stars rating={trustStats.rating} /> <strong>{trustStats.rating.toFixed(1)}</strong> ·{' '}
          {trustStats.reviews}
        </p>
        <ul className="card-grid card-grid-3">
          {testimonials.map((t) => (
            <li key={t.company} className="card testimonial">
              <Stars rating={5} />
              <blockquote>
                <p>“{t.quote}”</p>
              </blockquote>
              <p className="testimonial-author">
                <strong>{t.author}</strong>, {t.position}, {t.company}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="clients-title" title={homePage.clientsTitle} tone="white">
        <ul className="client-grid">
          {clients.map((client) => (
            <li key={client.name} className="client">
              <span className="client-name">{client.name}</span>
              <span className="client-industry">{client.industry}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="featured-title" title={homePage.featuredTitle}>
        <ul className="featured-list">
          {featuredMedia.map((media) => {
            const Icon = MEDIA_ICON[media.type];
            return (
              <li key={media.name}>
                <Icon size={22} />
                <span>{media.name}</span>
                <span className="featured-type">{media.type}</span>
              </li>
            );
          })}
        </ul>
      </Section>
      <ClosingCall
        title={homePage.cta.title}
        text={homePage.cta.text}
        calls={[
          { label: 'Get Started Today', to: '/contact' },
          { label: 'See Case Studies', to: '/case-studies' },
        ]}
      />
    </>
  );
}
