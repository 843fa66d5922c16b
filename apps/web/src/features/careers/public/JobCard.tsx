import type { Job, JobCategory } from '@kw/careers/contract';
import {
  EMPLOYMENT_TYPE_LABELS,
  EXPERIENCE_LEVEL_LABELS,
  jobPagePath,
  preview,
} from '@kw/careers/presentation';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/dates.ts';
import { jobAnchor } from './jobLinks.ts';

const salaryOf = (job: Job) => job.salaryRange || 'Competitive';

function JobFacts({
  job,
  categories,
}: {
  job: Job;
  categories: Pick<JobCategory, 'id' | 'name'>[];
}) {
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
      {job.applicationsCloseAt && (
        <div>
          <dt>Applications close</dt>
          <dd>
            <time dateTime={job.applicationsCloseAt}>
              {formatDate(job.applicationsCloseAt, 'longDay')}
            </time>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** A section's heading: under the job page's h1 an h2, under the dialog's h2 title an h3. */
function SectionHeading({ level, children }: { level: 2 | 3; children: string }) {
  return level === 2 ? <h2>{children}</h2> : <h3>{children}</h3>;
}

/** Requirements, responsibilities or benefits: sanitised HTML, as the description. */
function TextSection({ title, html, level }: { title: string; html: string; level: 2 | 3 }) {
  if (!html.trim()) return null;
  return (
    <section className="job-section">
      <SectionHeading level={level}>{title}</SectionHeading>
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
      <h3>{job.slug ? <Link to={jobPagePath(job.slug)}>{job.title}</Link> : job.title}</h3>
      <JobFacts job={job} categories={props.categories} />
      <p className="job-preview">{preview(job.description, 200) || 'No description available'}</p>
      {/* Each card's buttons say which job they are for, out of context too (a screen
          reader's list of buttons); the names begin with the visible words, the spec's, so
          voice control finds them by what it sees. */}
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          aria-label={`View Details of ${job.title}`}
          onClick={props.onDetails}
        >
          View Details
        </button>
        <button
          type="button"
          className="button button-primary"
          aria-label={`Apply Now for ${job.title}`}
          onClick={props.onApply}
        >
          Apply Now
        </button>
      </div>
    </li>
  );
}

/**
 * The details dialog's content, and the job page's: every field of the job, Apply Now and
 * Share Job; in the dialog (`pageLink`), a link to the job's own page. Its sections are headed
 * one level below the title they follow (`headingLevel`: 3 in the dialog, 2 on the page).
 */
export function JobDetails(props: {
  job: Job;
  categories: Pick<JobCategory, 'id' | 'name'>[];
  copied: boolean;
  pageLink?: boolean;
  headingLevel?: 2 | 3;
  onApply(): void;
  onShare(): void;
}) {
  const { job } = props;
  const level = props.headingLevel ?? 3;
  return (
    <div className="job-details">
      <JobFacts job={job} categories={props.categories} />
      <section className="job-section">
        <SectionHeading level={level}>Description</SectionHeading>
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
      <TextSection level={level} title="Requirements" html={job.requirements} />
      <TextSection level={level} title="Responsibilities" html={job.responsibilities} />
      <TextSection level={level} title="Benefits" html={job.benefits} />
      <div className="actions">
        <button type="button" className="button button-primary" onClick={props.onApply}>
          Apply Now
        </button>
        <button type="button" className="button button-secondary" onClick={props.onShare}>
          {props.copied ? 'Copied!' : 'Share Job'}
        </button>
        {props.pageLink && job.slug && (
          <Link to={jobPagePath(job.slug)} className="button button-link">
            Open the job's page
          </Link>
        )}
      </div>
    </div>
  );
}
