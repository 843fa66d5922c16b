import type { EMPLOYMENT_TYPES, Job } from '@kw/careers/contract';
import { company } from '@kw/site';

// A job page's JobPosting (schema.org), with what Google's job search requires and recommends:
// https://developers.google.com/search/docs/appearance/structured-data/job-posting. Paths are
// made absolute when the head is written (seo.ts `absolutise`).

/** Google's employmentType values, by the job's type (a remote job is full-time, telecommuting). */
export const SCHEMA_EMPLOYMENT: Record<(typeof EMPLOYMENT_TYPES)[number], string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
  remote: 'FULL_TIME',
};

type SalaryUnit = 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

const UNITS: [RegExp, SalaryUnit][] = [
  [/\b(hour|hourly|hr)\b|\/\s*h\b/i, 'HOUR'],
  [/\b(day|daily)\b/i, 'DAY'],
  [/\b(week|weekly)\b/i, 'WEEK'],
  [/\b(month|monthly)\b/i, 'MONTH'],
];

/**
 * A salary text read as a range: "$90,000 - $120,000", "90k-120k/year", "$45–$60 per hour".
 * Exactly two amounts, the first not above the second; anything else ("Competitive", "from
 * $80,000", three figures) is not a range, and no salary is claimed.
 */
export function parseSalaryRange(
  text: string,
): { min: number; max: number; unit: SalaryUnit } | undefined {
  const amounts = [...text.matchAll(/\$?\s*(\d[\d,]*(?:\.\d+)?)\s*([kK])?/g)].map((m) => {
    const value = Number(m[1]!.replace(/,/g, ''));
    return m[2] ? value * 1000 : value;
  });
  if (amounts.length !== 2) return undefined;
  const [min, max] = amounts as [number, number];
  if (!(min > 0) || !(max >= min)) return undefined;
  if (!/\d\s*[kK]?\s*(-|–|—|to)\s*\$?\s*\d/.test(text)) return undefined;
  const unit = UNITS.find(([pattern]) => pattern.test(text))?.[1] ?? 'YEAR';
  return { min, max, unit };
}

/** The job's place: the office's full address when it is there (or unsaid), else its town. */
function jobLocation(job: Job) {
  const [locality, region] = job.location.split(',').map((part) => part.trim());
  const atOffice =
    !locality || locality.toLowerCase() === company.city.toLowerCase() || /remote/i.test(locality);
  return {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      ...(atOffice
        ? {
            streetAddress: company.address,
            addressLocality: company.city,
            addressRegion: company.province,
            postalCode: company.postalCode,
          }
        : { addressLocality: locality, addressRegion: region || company.province }),
      addressCountry: company.country,
    },
  };
}

/** schema.org JobPosting for one open job, on its own page. */
export function jobPostingJsonLd(job: Job, path: string): object {
  const salary = parseSalaryRange(job.salaryRange);
  const remote = job.employmentType === 'remote' || /\bremote\b/i.test(job.location);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description || `<p>${job.title}</p>`,
    url: path,
    identifier: { '@type': 'PropertyValue', name: company.name, value: job.id },
    datePosted: job.createdAt,
    ...(job.applicationsCloseAt ? { validThrough: job.applicationsCloseAt } : {}),
    employmentType: SCHEMA_EMPLOYMENT[job.employmentType] ?? 'FULL_TIME',
    hiringOrganization: {
      '@type': 'Organization',
      name: company.name,
      sameAs: '/',
      logo: '/logo.png',
    },
    jobLocation: jobLocation(job),
    ...(remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: 'Canada' },
        }
      : {}),
    ...(salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'CAD',
            value: {
              '@type': 'QuantitativeValue',
              minValue: salary.min,
              maxValue: salary.max,
              unitText: salary.unit,
            },
          },
        }
      : {}),
    directApply: true,
  };
}
