import { Link, useParams } from 'react-router';
import { usePublicQuery } from '../../../public-query.ts';
import { formatDate } from '../../../shared/dates.ts';
import { TagList } from '../../../shared/public/Blocks.tsx';
import { NotFound } from '../../../shared/public/ContentList.tsx';
import { ResponsiveImage } from '../../../shared/public/ResponsiveImage.tsx';
import { ShareButton } from '../../../shared/public/ShareButton.tsx';
import { TableOfContents } from '../../../shared/public/TableOfContents.tsx';
import { caseStudyQueries } from './caseStudyQueries.ts';

export function CaseStudyNotFound() {
  return (
    <NotFound
      title="Case Study Not Found"
      text="The case study you're looking for doesn't exist or has been moved."
      to="/case-studies"
      back="Back to Case Studies"
    />
  );
}

export function CaseStudyPage() {
  const { slug = '' } = useParams();
  const { data: study, isLoading, isError } = usePublicQuery(caseStudyQueries.caseStudy, slug);
  if (isLoading)
    return (
      <div
        className="container content-section"
        role="status"
        aria-busy="true"
        aria-label="Loading"
      >
        <div className="skeleton-block" style={{ height: 40, width: '60%' }} />
        <div className="skeleton-block skeleton-image" />
      </div>
    );
  if (isError || !study) return <CaseStudyNotFound />;
  const toc = study.headings.filter((h) => h.level >= 2 && h.level <= 4);
  return (
    <article className="container content-section post">
      <Link to="/case-studies" className="back-link">
        ← Back to Case Studies
      </Link>
      <header className="post-header">
        <div className="badges">
          {study.industry && <span className="badge">{study.industry}</span>}
          {study.projectType && <span className="badge badge-outline">{study.projectType}</span>}
        </div>
        <h1>{study.title}</h1>
        {study.excerpt && <p className="lead">{study.excerpt}</p>}
        <dl className="facts">
          <div>
            <dt>Client</dt>
            <dd>{study.clientName || 'Confidential Client'}</dd>
          </div>
          <div>
            <dt>Completed</dt>
            <dd>{formatDate(study.createdAt, 'monthYear', 'calendar')}</dd>
          </div>
          <div>
            <dt>Industry</dt>
            <dd>{study.industry || '—'}</dd>
          </div>
        </dl>
      </header>
      {study.featuredImage && (
        <ResponsiveImage
          className="post-image"
          src={study.featuredImage}
          renditions={study.featuredImageRenditions}
          sizes="100vw"
          priority
        />
      )}
      {study.technologies.length > 0 && (
        <section aria-label="Technologies">
          <h2 className="small-heading">Technologies</h2>
          <TagList items={study.technologies} className="tag tag-tech" />
        </section>
      )}
      <div className="post-layout">
        <aside className="post-aside">
          <TableOfContents headings={toc} baseLevel={2}>
            <Link to="/contact" className="toc-cta">
              Talk to our experts
            </Link>
          </TableOfContents>
        </aside>
        <div className="post-main">
          <div
            className="prose"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
            dangerouslySetInnerHTML={{ __html: study.html }}
          />
          {study.results && (
            <section className="results card">
              <h2>Results &amp; Impact</h2>
              <p className="pre-line">{study.results}</p>
            </section>
          )}
          {study.tags.length > 0 && <TagList items={study.tags} label="Tags" />}
          <div className="actions post-actions">
            <ShareButton title={study.title} />
            <Link to="/case-studies" className="button button-secondary">
              More Case Studies
            </Link>
          </div>
        </div>
      </div>
      <section className="content-cta card">
        <h2>Want results like these?</h2>
        <div className="actions">
          <Link to="/contact" className="button button-primary">
            Get in Touch
          </Link>
          <Link to="/services" className="button button-secondary">
            Our Services
          </Link>
        </div>
      </section>
    </article>
  );
}
