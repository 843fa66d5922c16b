import type { CaseStudySummary } from '@kw/case-studies/contract';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { usePublicQuery } from '../../../public-query.ts';
import { formatDate } from '../../../shared/dates.ts';
import { SmallHero, TagList } from '../../../shared/public/Blocks.tsx';
import { ContentCard, ContentGrid, SearchInput } from '../../../shared/public/ContentList.tsx';
import { caseStudyQueries } from './caseStudyQueries.ts';

export const TECHNOLOGIES_PER_CARD = 3;
export const CASE_STUDY_TAGS_PER_CARD = 2;

/** Title, excerpt, client name or any tag, and the exact industry when one is chosen (§5). */
export function matchesCaseStudy(
  study: CaseStudySummary,
  search: string,
  industry: string,
): boolean {
  if (industry && study.industry !== industry) return false;
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [study.title, study.excerpt, study.clientName, ...study.tags].some((v) =>
    v.toLowerCase().includes(q),
  );
}

function CaseStudyCard({ study, first }: { study: CaseStudySummary; first: boolean }) {
  const extra = study.technologies.length - TECHNOLOGIES_PER_CARD;
  return (
    <ContentCard
      image={study.featuredImage}
      imageRenditions={study.featuredImageRenditions}
      first={first}
      date={study.createdAt}
      dateText={formatDate(study.createdAt, 'longDay', 'calendar')}
      badge={study.industry}
      title={study.title}
      to={`/case-studies/${study.slug}`}
      readMore="Read Case Study"
    >
      {study.clientName && <p className="card-client">{study.clientName}</p>}
      {/* The excerpt, else the first 150 characters of the text: made by the server. */}
      <p className="card-excerpt">{study.excerpt}</p>
      {study.projectType && <p className="card-project">{study.projectType}</p>}
      {study.technologies.length > 0 && (
        <TagList
          items={study.technologies.slice(0, TECHNOLOGIES_PER_CARD)}
          label="Technologies"
          className="tag tag-tech"
        >
          {extra > 0 && <li className="tag">+{extra} more</li>}
        </TagList>
      )}
      {study.tags.length > 0 && (
        <TagList items={study.tags.slice(0, CASE_STUDY_TAGS_PER_CARD)} label="Tags" />
      )}
    </ContentCard>
  );
}

/** A removable chip of an active filter. */
function Chip(props: { name: string; value: string; onRemove(): void }) {
  return (
    <li className="chip">
      {props.name}: {props.value}
      <button
        type="button"
        aria-label={`Remove ${props.name.toLowerCase()} filter`}
        onClick={props.onRemove}
      >
        ×
      </button>
    </li>
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
  // A button that removes itself (a chip's ×, Clear Filters) gives the focus to the control it
  // cleared, so the keyboard's place is not lost to the top of the page.
  const searchInput = useRef<HTMLInputElement>(null);
  const industrySelect = useRef<HTMLSelectElement>(null);
  const clear = () => {
    setSearch('');
    setIndustry('');
    searchInput.current?.focus();
  };
  return (
    <>
      <SmallHero
        title="Case Studies"
        lead="How Waterloo Region businesses put AI, custom software and automation to work."
      />
      <section className="container content-section">
        <div className="filters">
          <SearchInput
            ref={searchInput}
            label="Search case studies"
            value={search}
            onChange={setSearch}
          />
          {industries.length > 0 && (
            <select
              ref={industrySelect}
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
              <Chip
                name="Search"
                value={search.trim()}
                onRemove={() => {
                  setSearch('');
                  searchInput.current?.focus();
                }}
              />
            )}
            {industry && (
              <Chip
                name="Industry"
                value={industry}
                onRemove={() => {
                  setIndustry('');
                  industrySelect.current?.focus();
                }}
              />
            )}
          </ul>
        )}
        <ContentGrid
          isLoading={isLoading}
          isError={isError}
          failure="Failed to fetch case studies"
          items={studies}
          empty={{
            none: 'No case studies available yet.',
            noMatch: 'No case studies found matching your criteria.',
            clearLabel: 'Clear Filters',
            filtered,
            clear,
          }}
          card={(study, first) => <CaseStudyCard study={study} first={first} />}
        />
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
