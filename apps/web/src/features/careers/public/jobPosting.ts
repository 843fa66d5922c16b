import type { EMPLOYMENT_TYPES, Job } from '@kw/careers/contract';
import { company } from '@kw/site';

const SCHEMA_EMPLOYMENT: Record<(typeof EMPLOYMENT_TYPES)[number], string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
  remote: 'FULL_TIME',
};

/** "$90,000 - $120,000", "90k-120k/year", "$45–$60 per hour": the two ends and the unit. */
export function parseSalaryRange(
  text: string,
): { min: number; max: number; unit: 'HOUR' | 'YEAR' } | undefined {
  const numbers = [...text.matchAll(/(\d[\d,]*(?:\.\d+)?)\s*([kK])?/g)].map((m) => {
    const value = Number(m[1]!.replace(/,/g, ''));
    return m[2] ? value * 1000 : value;
  });
  if (numbers.length < 2 || numbers.some((n) => !Number.isFinite(n) || n <= 0)) return undefined;
  const [min, max] = [Math.min(numbers[0]!, numbers[1]!), Math.max(numbers[0]!, numbers[1]!)];
  return { min, max, unit: /hour|hr|\/h\b/i.test(text) ? 'HOUR' : 'YEAR' };
}

/** schema.org JobPosting for one published job (Google's required and recommended fields). */
export function jobPostingJsonLd(job: Job): object {
  const [locality, region] = job.location.split(',').map((part) => part.trim());
  const salary = parseSalaryRange(job.salaryRange);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    identifier: { '@type': 'PropertyValue', name: company.name, value: job.id },
    datePosted: job.createdAt.slice(0, 10),
    employmentType: SCHEMA_EMPLOYMENT[job.employmentType] ?? 'FULL_TIME',
    hiringOrganization: { '@type': 'Organization', name: company.fullName },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: locality || company.city,
        addressRegion: region || company.province,
        addressCountry: company.country,
      },
    },
    ...(job.employmentType === 'remote'
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
  };
}
