import { ethicalAiPolicy as policy } from '@kw/site';
import { Link } from 'react-router';
import { CardGrid, Checklist, PageHero, Section, SimpleCards } from '../Sections.tsx';

export function EthicalAiPage() {
  return (
    <>
      <PageHero title="Ethical AI Use Policy" lead={policy.intro} />
      <Section id="principles" title="Our Principles" tone="white">
        <SimpleCards columns={4} items={policy.principles} />
      </Section>
      <Section id="guidelines" title="Implementation Guidelines">
        <CardGrid
          columns={3}
          items={policy.guidelines}
          title={(g) => g.title}
          body={(g) => <Checklist items={g.items} />}
        />
      </Section>
      <Section id="commitments" title="Our Commitments" tone="white">
        <Checklist items={policy.commitments} />
      </Section>
      <Section id="risk-levels" title="Risk Levels">
        <ul className="card-grid card-grid-4">
          {policy.riskLevels.map((r) => (
            <li key={r.level} className={`card risk risk-${r.level.toLowerCase()}`}>
              <h3>{r.level} Risk</h3>
              <p>{r.description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="improvement" title="Continuous Improvement" tone="white">
        <p className="prose">{policy.continuousImprovement}</p>
      </Section>
      <Section id="report" title={policy.reporting.title}>
        <div className="card">
          <p>{policy.reporting.text}</p>
          <div className="actions">
            <Link to="/contact" className="button button-primary">
              Report a Concern
            </Link>
            <Link to="/artificial-intelligence" className="button button-secondary">
              Our AI Services
            </Link>
          </div>
        </div>
      </Section>
    </>
  );
}
