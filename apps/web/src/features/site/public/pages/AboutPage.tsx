import { coreValues, founder, mission, team, timeline } from '@kw/site';
import { Link } from 'react-router';
import { usePublicQuery } from '../../../../public-query.ts';
import { ChatIcon, ExternalIcon, PhoneIcon } from '../../../../shared/public/Icons.tsx';
import { FounderPortrait } from '../FounderPortrait.tsx';
import { Checklist, ClosingCall, PageHero, Section, SimpleCards } from '../Sections.tsx';
import { siteQueries } from '../siteQueries.ts';

export function AboutPage() {
  const portrait = usePublicQuery(siteQueries.founderPhoto, undefined);
  return (
    <>
      <PageHero
        title="About Grand River Digital"
        lead="A Cambridge, Ontario consultancy helping Waterloo Region businesses with software since 2004, and with practical AI since 2022."
      />
      <Section id="mission" title={mission.title} tone="white">
        <p className="prose">{mission.text}</p>
      </Section>
      <Section id="founder" title="Meet Our Founder">
        <div className="card founder">
          <FounderPortrait photo={portrait.data?.photo} />
          <div>
            <h3>{founder.name}</h3>
            <p className="card-kicker">{founder.title}</p>
            <p>{founder.background}</p>
            <div className="founder-columns">
              <div>
                <h4>Achievements</h4>
                <Checklist items={founder.achievements} />
              </div>
              <div>
                <h4>Education</h4>
                <Checklist items={founder.education} />
                <h4>Expertise</h4>
                <Checklist items={founder.expertise} />
              </div>
            </div>
            <div className="actions">
              <Link to={`/${founder.slug}`} className="button button-primary">
                Chat with {founder.firstName}'s AI Digital Twin
              </Link>
              <a
                href={founder.profileUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="button button-secondary"
              >
                LinkedIn Profile <ExternalIcon size={16} />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </div>
          </div>
        </div>
      </Section>
      <Section id="team" title="Our Team" tone="white">
        <ul className="card-grid card-grid-3">
          {team.map((member) => (
            <li key={member.name} className="card">
              <h3>{member.name}</h3>
              <p className="card-kicker">{member.role}</p>
              <p>{member.bio}</p>
              {member.isAiPersona && (
                // The persona's contact channels are not connected yet (spec: they do nothing).
                <div className="persona-actions">
                  <button type="button" className="button button-small button-secondary">
                    <ChatIcon size={16} /> Chat
                  </button>
                  <button type="button" className="button button-small button-secondary">
                    WhatsApp
                  </button>
                  <button type="button" className="button button-small button-secondary">
                    <PhoneIcon size={16} /> Phone
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="values" title="Our Core Values">
        <SimpleCards columns={5} items={coreValues} />
      </Section>
      <Section id="timeline" title="Our Journey" tone="white">
        <ol className="timeline">
          {timeline.map((entry) => (
            <li key={entry.year}>
              <span className="timeline-year">{entry.year}</span>
              <div>
                <h3>{entry.title}</h3>
                <p>{entry.description}</p>
                {entry.link && (
                  <a href={entry.link.url} target="_blank" rel="noopener noreferrer">
                    {entry.link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                )}
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <ClosingCall
        title="Let's work together"
        text="Tell us about your business and where you want to save time. We answer within 24 hours."
        calls={[
          { label: 'Contact Us', to: '/contact' },
          { label: 'Our Services', to: '/services' },
        ]}
      />
    </>
  );
}
