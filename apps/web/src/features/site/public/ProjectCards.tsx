import type { Project } from '@kw/site';
import { TagList } from '../../../shared/public/Blocks.tsx';
import { Checklist } from './Sections.tsx';

export function ProjectCards({ projects }: { projects: readonly Project[] }) {
  return (
    <ul className={`card-grid card-grid-${Math.min(projects.length, 3)}`}>
      {projects.map((p) => (
        <li key={p.project} className="card">
          <p className="card-kicker">{p.client}</p>
          <h3>{p.project}</h3>
          <p>{p.description}</p>
          <Checklist items={p.results} />
          <TagList items={p.technologies} label="Technologies" />
        </li>
      ))}
    </ul>
  );
}
