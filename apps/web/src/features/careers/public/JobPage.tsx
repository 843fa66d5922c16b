import type { Job } from '@kw/careers/contract';
import { jobPagePath } from '@kw/careers/presentation';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePublicQuery } from '../../../public-query.ts';
import { Modal } from '../../../shared/public/Modal.tsx';
import { careersQueries } from './careersQueries.ts';
import { JobDetails } from './JobCard.tsx';
import { useShare } from './jobLinks.ts';

// The form (and, through it, zod and RTK Query) loads when a visitor opens the dialog.
const ApplyForm = lazy(async () => ({ default: (await import('./ApplyForm.tsx')).ApplyForm }));

function Notice(props: { title: string; text: string }) {
  return (
    <section className="container not-found">
      <div className="card">
        <h1>{props.title}</h1>
        <p>{props.text}</p>
        <Link to="/careers" className="button button-primary">
          See Open Positions
        </Link>
      </div>
    </section>
  );
}

/** A job's own page, /careers/{slug}: the details of the View Details dialog, Apply Now and Share. */
export function JobPage() {
  const { slug = '' } = useParams();
  const page = usePublicQuery(careersQueries.jobPage, slug);
  const [applying, setApplying] = useState<Job | null>(null);
  const { share, copiedId } = useShare();

  if (page.isLoading)
    return (
      <p className="container content-section" role="status">
        Loading the position...
      </p>
    );
  if (!page.data)
    return (
      <Notice
        title="Position Not Found"
        text="The position you're looking for doesn't exist or is no longer published."
      />
    );
  const { job, categoryName, closed } = page.data;
  if (closed)
    return (
      <Notice
        title={job.title}
        text="This position is closed: it is no longer accepting applications."
      />
    );
  const categories =
    categoryName && job.categoryId ? [{ id: job.categoryId, name: categoryName }] : [];
  return (
    <>
      <article className="container content-section job-page">
        <p className="job-page-back">
          <Link to="/careers">← All open positions</Link>
        </p>
        <h1>{job.title}</h1>
        <JobDetails
          headingLevel={2}
          job={job}
          categories={categories}
          copied={copiedId === job.id}
          onApply={() => setApplying(job)}
          onShare={() => share(job, jobPagePath(job.slug ?? ''))}
        />
      </article>
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
