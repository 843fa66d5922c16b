import { excerptOrFallback } from '@kw/blog/presentation';
import type { CaseStudy } from '@kw/case-studies/contract';
import { CASE_STUDY_EXCERPT_FALLBACK } from '@kw/case-studies/presentation';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { usePublicQuery } from '../../../public-query.ts';
import { formatDate } from '../../../shared/dates.ts';
import { CardImage, SkeletonCards } from '../../blog/public/BlogListPage.tsx';
import { caseStudyQueries } from './caseStudyQueries.ts';

export const TECHNOLOGIES_PER_CARD = 3;
export const CASE_STUDY_TAGS_PER_CARD = 2;

/** Title, excerpt, client name or any tag, and the exact industry when one is chosen (§5). */
export function matchesCaseStudy(study: CaseStudy, search: string, industry: string): boolean {
  if (industry && study.industry !== industry) return false;
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    study.title.toLowerCase().includes(q) ||
    study.excerpt.toLowerCase().includes(q) ||
    study.clientName.toLowerCase().includes(q) ||
    study.tags.some((t) => t.toLowerCase().includes(q))
  );
}

function CaseStudyCard({ study, first }: { study: CaseStudy; first: boolean }) {
  const extra = study.technologies.length - TECHNOLOGIES_PER_CARD;
  return (
    <article className="content-card">
      {study.featuredImage && <CardImage src={study.featuredImage} first={first} />}
      <div className="card-body">
        <div className="card-meta">
          <time dateTime={study.createdAt}>
            {formatDate(study.createdAt, 'longDay', 'calendar')}
          </time>
          {study.industry && <span className="badge">{study.industry}</span>}
        </div>
        <h2 className="card-title clamp-2">{study.title}</h2>
        {study.clientName && <p className="card-client">{study.clientName}</p>}
        <p className="card-excerpt">
          {excerptOrFallback(study.excerpt, study.content, CASE_STUDY_EXCERPT_FALLBACK)}
        </p>
        {study.projectType && <p className="card-project">{study.projectType}</p>}
        {study.technologies.length > 0 && (
          <ul className="tag-list" aria-label="Technologies">
            {study.technologies.slice(0, TECHNOLOGIES_PER_CARD).map((t) => (
              <li key={t} className="tag tag-tech">
                {t}
              </li>
            ))}
            {extra > 0 && <li className="tag">+{extra} more</li>}
          </ul>
        )}
        {study.tags.length > 0 && (
          <ul className="tag-list" aria-label="Tags">
            {study.tags.slice(0, CASE_STUDY_TAGS_PER_CARD).map((t) => (
              <li key={t} className="tag">
                {t}
              </li>
            ))}
          </ul>
        )}
        <Link to={`/case-studies/${study.slug}`} className="read-more">
          Read Case Study<span className="visually-hidden">: {study.title}</span>
        </Link>
      </div>
    </article>
  );
}

export function CaseStudyListPage() {
  const { data, isLoading, isError } = usePublicQuery(
    caseStudyQueries.publishedCaseStudies,
    undefined,
  );
  const [search, setSearch] = useState('');
  const [industry, setIndustry] = useState('');
  const industries = useMemo(
    () => [...new Set((data ?? []).map((s) => s.industry).filter(Boolean))].sort(),
    [data],
  );
  const studies = useMemo(
    () => (data ?? []).filter((s) => matchesCaseStudy(s, search, industry)),
    [data, search, industry],
  );
  const filtered = Boolean(search.trim() || industry);
  const clear = () => {
    setSearch('');
    setIndustry('');
  };
  return (
    <>
      <section className="hero hero-small">
        <div className="container">
          <h1>Case Studies</h1>
          <p className="lead">
            How Waterloo Region businesses put AI, custom software and automation to work.
          </p>
        </div>
      </section>
      <section className="container content-section">
        <div className="filters">
          <input
            type="search"
            className="content-search"
            placeholder="Search case studies..."
            aria-label="Search case studies"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {industries.length > 0 && (
            <select
              aria-label="Industry"
              value={industry}
              onChange={(e) => setIndustry(e.target.value)}
            >
              <option value="">All Industries</option>
              {industries.map((i) => (
                <option key={i} value={i}>
                  {i}
                </option>
              ))}
            </select>
          )}
        </div>
        {filtered && (
          <ul className="chips" aria-label="Active filters">
            {search.trim() && (
              <li className="chip">
                Search: {search.trim()}
                <button
                  type="button"
                  aria-label="Remove search filter"
                  onClick={() => setSearch('')}
                >
                  ×
                </button>
              </li>
            )}
            {industry && (
              <li className="chip">
                Industry: {industry}
                <button
                  type="button"
                  aria-label="Remove industry filter"
                  onClick={() => setIndustry('')}
                >
                  ×
                </button>
              </li>
            )}
          </ul>
        )}
        {isLoading ? (
          <SkeletonCards />
        ) : isError ? (
          <p className="content-empty" role="alert">
            Failed to fetch case studies
          </p>
        ) : studies.length === 0 ? (
          <div className="content-empty">
            {filtered ? (
              <>
                <p>No case studies found matching your criteria.</p>
                <button type="button" className="button button-secondary" onClick={clear}>
                  Clear Filters
                </button>
              </>
            ) : (
              <p>No case studies available yet.</p>
            )}
          </div>
        ) : (
          <div className="content-grid">
            {studies.map((s, i) => (
              <CaseStudyCard key={s.id} study={s} first={i === 0} />
            ))}
          </div>
        )}
      </section>
      <section className="container content-cta card">
        <h2>Ready to write your own success story?</h2>
        <div className="actions">
          <Link to="/contact" className="button button-primary">
            Start Your Project
          </Link>
          <Link to="/services" className="button button-secondary">
            Explore Our Services
          </Link>
        </div>
      </section>
    </>
  );
}
