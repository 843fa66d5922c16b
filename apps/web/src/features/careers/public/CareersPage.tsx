import type { Job } from '@kw/careers/contract';
import { lazy, Suspense, useState } from 'react';
import { usePublicQuery } from '../../../public-query.ts';
import { SmallHero } from '../../../shared/public/Blocks.tsx';
import { Modal } from '../../../shared/public/Modal.tsx';
import { careersQueries } from './careersQueries.ts';
import { JobCard, JobDetails } from './JobCard.tsx';
import { useHighlightFromHash, useShare } from './jobLinks.ts';

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

  // No counts until the jobs are in: 'All Positions (0)' would say there are none.
  const counted = (n: number) => (jobs.data ? ` (${n})` : '');

  return (
    <>
      <SmallHero
        title="Join Our Team"
        lead="Help small and medium businesses in Waterloo Region put AI and good software to work. We are a small team that values curiosity, craft and kindness."
      />

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
            All Positions{counted(all.length)}
          </button>
          {cats.map((c) => (
            <button
              key={c.id}
              type="button"
              className="filter-button"
              aria-pressed={category === c.id}
              onClick={() => setCategory(c.id)}
            >
              {c.name}
              {counted(all.filter((j) => j.categoryId === c.id).length)}
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
              <JobCard
                key={job.id}
                job={job}
                categories={cats}
                highlighted={highlighted === job.id}
                onDetails={() => setDetails(job)}
                onApply={() => openApply(job)}
              />
            ))}
          </ul>
        )}
      </section>

      <Modal open={details !== null} title={details?.title ?? ''} onClose={() => setDetails(null)}>
        {details && (
          <JobDetails
            job={details}
            categories={cats}
            copied={copiedId === details.id}
            pageLink
            onApply={() => openApply(details)}
            onShare={() => share(details)}
          />
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
