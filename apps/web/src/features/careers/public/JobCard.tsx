import type { Job, JobCategory } from '@kw/careers/contract';
import { EMPLOYMENT_TYPE_LABELS, EXPERIENCE_LEVEL_LABELS, preview } from '@kw/careers/presentation';
import { jobAnchor } from './jobLinks.ts';

const salaryOf = (job: Job) => job.salaryRange || 'Competitive';

function JobFacts({ job, categories }: { job: Job; categories: JobCategory[] }) {
  const category = categories.find((c) => c.id === job.categoryId);
  return (
    <dl className="job-facts">
      {category && (
        <div>
          <dt>Category</dt>
          <dd>{category.name}</dd>
        </div>
      )}
      <div>
        <dt>Location</dt>
        <dd>{job.location || 'Flexible'}</dd>
      </div>
      <div>
        <dt>Type</dt>
        <dd>{EMPLOYMENT_TYPE_LABELS[job.employmentType]}</dd>
      </div>
      <div>
        <dt>Level</dt>
        <dd>{EXPERIENCE_LEVEL_LABELS[job.experienceLevel]}</dd>
      </div>
      <div>
        <dt>Salary</dt>
        <dd>{salaryOf(job)}</dd>
      </div>
    </dl>
  );
}

/** Requirements, responsibilities or benefits: sanitised HTML, as the description. */
function TextSection({ title, html }: { title: string; html: string }) {
  if (!html.trim()) return null;
  return (
    <section className="job-section">
      <h3>{title}</h3>
      <div
        className="job-description"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API when the job was saved (and again by its read model)
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}

/** A job in the list: its facts, the start of its description, and its two actions. */
export function JobCard(props: {
  job: Job;
  categories: JobCategory[];
  highlighted: boolean;
  onDetails(): void;
  onApply(): void;
}) {
  const { job, highlighted } = props;
  return (
    <li
      id={jobAnchor(job.id)}
      className={`card job-card${highlighted ? ' job-highlight' : ''}`}
      data-highlighted={highlighted ? 'true' : undefined}
    >
      <h3>{job.title}</h3>
      <JobFacts job={job} categories={props.categories} />
      <p className="job-preview">{preview(job.description, 200) || 'No description available'}</p>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={props.onDetails}>
          View Details
        </button>
        <button type="button" className="button button-primary" onClick={props.onApply}>
          Apply Now
        </button>
      </div>
    </li>
  );
}

/** The details dialog's content: every field of the job, Apply Now and Share Job. */
export function JobDetails(props: {
  job: Job;
  categories: JobCategory[];
  copied: boolean;
  onApply(): void;
  onShare(): void;
}) {
  const { job } = props;
  return (
    <div className="job-details">
      <JobFacts job={job} categories={props.categories} />
      <section className="job-section">
        <h3>Description</h3>
        {job.description ? (
          <div
            className="job-description"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API when the job was saved
            dangerouslySetInnerHTML={{ __html: job.description }}
          />
        ) : (
          <p>No description available</p>
        )}
      </section>
      <TextSection title="Requirements" html={job.requirements} />
      <TextSection title="Responsibilities" html={job.responsibilities} />
      <TextSection title="Benefits" html={job.benefits} />
      <div className="actions">
        <button type="button" className="button button-primary" onClick={props.onApply}>
          Apply Now
        </button>
        <button type="button" className="button button-secondary" onClick={props.onShare}>
          {props.copied ? 'Copied!' : 'Share Job'}
        </button>
      </div>
    </div>
  );
}
