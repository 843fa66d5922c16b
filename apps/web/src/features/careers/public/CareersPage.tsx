import type { Job, JobCategory } from '@kw/careers/contract';
import { EMPLOYMENT_TYPE_LABELS, EXPERIENCE_LEVEL_LABELS, preview } from '@kw/careers/presentation';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { usePublicQuery } from '../../../public-query.ts';
import { Modal } from '../../../shared/public/Modal.tsx';
import { useToast } from '../../../shared/public/Toaster.tsx';
import { careersQueries } from './careersQueries.ts';
import { shareLink } from './share.ts';

export const HIGHLIGHT_MS = 3000;
export const COPIED_MS = 2000;
const jobAnchor = (id: string) => `job-${id}`;

function jobUrl(job: Job): string {
  return `${window.location.origin}/careers#${jobAnchor(job.id)}`;
}

function useShare() {
  const toast = useToast();
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const share = useCallback(
    async (job: Job) => {
      const outcome = await shareLink(job.title, jobUrl(job));
      if (outcome === 'shared') toast({ title: 'Shared successfully' });
      else if (outcome === 'copied') {
        toast({ title: 'Link copied!' });
        setCopiedId(job.id);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopiedId(null), COPIED_MS);
      } else if (outcome === 'failed')
        toast({
          title: 'Failed to copy',
          description: 'Please try again or copy the URL manually.',
          variant: 'destructive',
        });
    },
    [toast],
  );
  return { share, copiedId };
}

/** `#job-{id}` scrolls to that job and highlights it for 3 seconds. */
function useHighlightFromHash(jobs: Job[] | undefined): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useEffect(() => {
    if (!jobs) return;
    let clear: ReturnType<typeof setTimeout> | undefined;
    let scroll: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      const match = /^#job-(.+)$/.exec(window.location.hash);
      const id = match ? decodeURIComponent(match[1]!) : undefined;
      if (!id || !jobs.some((j) => j.id === id)) return;
      // After the layout's scroll to the top (immediately and again at 100 ms).
      scroll = setTimeout(() => {
        document
          .getElementById(jobAnchor(id))
          ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        setHighlighted(id);
        clearTimeout(clear);
        clear = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
      }, 150);
    };
    show();
    window.addEventListener('hashchange', show);
    return () => {
      window.removeEventListener('hashchange', show);
      clearTimeout(clear);
      clearTimeout(scroll);
    };
  }, [jobs]);
  return highlighted;
}

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

function TextSection({ title, text }: { title: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <section className="job-section">
      <h3>{title}</h3>
      <p className="pre-line">{text}</p>
    </section>
  );
}

// The form (and, through it, zod and RTK Query) loads when a visitor opens the dialog.
const ApplyForm = lazy(async () => ({ default: (await import('./ApplyForm.tsx')).ApplyForm }));

export function CareersPage() {
  const jobs = usePublicQuery(careersQueries.publishedJobs, undefined);
  const categories = usePublicQuery(careersQueries.jobCategories, undefined);
  const [category, setCategory] = useState<string | 'all'>('all');
  const [details, setDetails] = useState<Job | null>(null);
  const [applying, setApplying] = useState<Job | null>(null);
  const highlighted = useHighlightFromHash(jobs.data);
  const { share, copiedId } = useShare();

  const all = jobs.data ?? [];
  const cats = categories.data ?? [];
  const shown = category === 'all' ? all : all.filter((j) => j.categoryId === category);

  const openApply = (job: Job) => {
    setDetails(null);
    setApplying(job);
  };

  return (
    <>
      <section className="hero hero-small">
        <div className="container">
          <h1>Join Our Team</h1>
          <p className="lead">
            Help small and medium businesses in Waterloo Region put AI and good software to work. We
            are a small team that values curiosity, craft and kindness.
          </p>
        </div>
      </section>

      <section className="container careers">
        <h2 className="section-title">Open Positions</h2>
        <fieldset className="category-filters">
          <legend className="visually-hidden">Filter by category</legend>
          <button
            type="button"
            className="filter-button"
            aria-pressed={category === 'all'}
            onClick={() => setCategory('all')}
          >
            All Positions ({all.length})
          </button>
          {cats.map((c) => (
            <button
              key={c.id}
              type="button"
              className="filter-button"
              aria-pressed={category === c.id}
              onClick={() => setCategory(c.id)}
            >
              {c.name} ({all.filter((j) => j.categoryId === c.id).length})
            </button>
          ))}
        </fieldset>

        {jobs.isLoading ? (
          <p role="status">Loading positions...</p>
        ) : jobs.isError ? (
          <div className="card empty-state" role="alert">
            <h3>Failed to load positions</h3>
            <p className="muted">Please refresh the page or try again later.</p>
          </div>
        ) : shown.length === 0 ? (
          <div className="card empty-state">
            <h3>No Open Positions</h3>
            <p className="muted">
              There are no openings right now. Check back soon, or send us a note through the
              contact page.
            </p>
          </div>
        ) : (
          <ul className="job-list">
            {shown.map((job) => (
              <li
                key={job.id}
                id={jobAnchor(job.id)}
                className={`card job-card${highlighted === job.id ? ' job-highlight' : ''}`}
                data-highlighted={highlighted === job.id ? 'true' : undefined}
              >
                <h3>{job.title}</h3>
                <JobFacts job={job} categories={cats} />
                <p className="job-preview">
                  {preview(job.description, 200) || 'No description available'}
                </p>
                <div className="actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => setDetails(job)}
                  >
                    View Details
                  </button>
                  <button
                    type="button"
                    className="button button-primary"
                    onClick={() => openApply(job)}
                  >
                    Apply Now
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Modal open={details !== null} title={details?.title ?? ''} onClose={() => setDetails(null)}>
        {details && (
          <div className="job-details">
            <JobFacts job={details} categories={cats} />
            <section className="job-section">
              <h3>Description</h3>
              {details.description ? (
                <div
                  className="job-description"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API when the job was saved
                  dangerouslySetInnerHTML={{ __html: details.description }}
                />
              ) : (
                <p>No description available</p>
              )}
            </section>
            <TextSection title="Requirements" text={details.requirements} />
            <TextSection title="Responsibilities" text={details.responsibilities} />
            <TextSection title="Benefits" text={details.benefits} />
            <div className="actions">
              <button
                type="button"
                className="button button-primary"
                onClick={() => openApply(details)}
              >
                Apply Now
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => share(details)}
              >
                {copiedId === details.id ? 'Copied!' : 'Share Job'}
              </button>
            </div>
          </div>
        )}
      </Modal>

      <Modal
        open={applying !== null}
        title={applying ? `Apply for ${applying.title}` : ''}
        onClose={() => setApplying(null)}
      >
        {applying && (
          <Suspense fallback={<p role="status">Loading the form...</p>}>
            <ApplyForm job={applying} onDone={() => setApplying(null)} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
