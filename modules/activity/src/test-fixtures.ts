import type { PageViewed } from '@kw/analytics/events';
import type { PostCreated } from '@kw/blog/events';
import type { ApplicationSubmitted, JobCreated } from '@kw/careers/events';
import type { CaseStudyCreated } from '@kw/case-studies/events';
import type { ContactReceived } from '@kw/contact/events';
import type { SubscriberJoined } from '@kw/newsletter/events';

// Other modules' events as the activity specs append them, typed by their catalogues.

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export const postCreated = (postId: string, title: string): PostCreated => ({
  type: 'PostCreated',
  data: {
    postId,
    title,
    slug: slugOf(title),
    content: 'Text',
    excerpt: '',
    featuredImage: '',
    tags: [],
    categories: [],
    seoTitle: '',
    seoDescription: '',
    readTime: '',
    publishedAt: null,
  },
});

export const caseStudyCreated = (caseStudyId: string, title: string): CaseStudyCreated => ({
  type: 'CaseStudyCreated',
  data: {
    caseStudyId,
    title,
    slug: slugOf(title),
    content: '<p>Text</p>',
    excerpt: '',
    featuredImage: '',
    clientName: '',
    industry: '',
    projectType: '',
    results: '',
    technologies: [],
    tags: [],
    seoTitle: '',
    seoDescription: '',
  },
});

export const jobContent = (jobId: string, title: string): JobCreated['data'] => ({
  jobId,
  title,
  description: '<p>Build things.</p>',
  categoryId: null,
  location: 'Waterloo',
  employmentType: 'full-time',
  salaryRange: '',
  experienceLevel: 'senior',
  requirements: '',
  responsibilities: '',
  benefits: '',
});

/** An application for the job `jobId`, titled Senior Developer; the address from the first name. */
export const applicationSubmitted = (
  applicationId: string,
  jobId: string,
  firstName: string,
  lastName: string,
): ApplicationSubmitted => ({
  type: 'ApplicationSubmitted',
  data: {
    applicationId,
    jobId,
    jobTitle: 'Senior Developer',
    firstName,
    lastName,
    email: `${firstName.toLowerCase() || 'applicant'}@example.ca`,
    phone: '',
    coverLetter: '',
    resumeFilename: `${applicationId}.pdf`,
    resumeOriginalName: 'r.pdf',
    resumeMimeType: 'application/pdf',
    resumeSize: 1,
    ipAddress: '',
    userAgent: '',
  },
});

export const contactReceived = (
  submissionId: string,
  person: Partial<ContactReceived['data']> = {},
): ContactReceived => ({
  type: 'ContactReceived',
  data: {
    submissionId,
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.ca',
    phone: '',
    company: '',
    service: '',
    message: 'Please call me about a project.',
    subscribeNewsletter: false,
    ipAddress: '',
    userAgent: '',
    referer: '',
    ...person,
  },
});

export const subscriberJoined = (subscriberId: string, email: string): SubscriberJoined => ({
  type: 'SubscriberJoined',
  data: {
    subscriberId,
    email,
    firstName: null,
    lastName: null,
    source: 'footer',
    ipAddress: '',
    userAgent: '',
    referer: '',
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
  },
});

export const pageViewed = (path = '/'): PageViewed => ({
  type: 'PageViewed',
  data: {
    path,
    referrer: '',
    utmSource: '',
    utmMedium: '',
    utmCampaign: '',
    userAgent: '',
    ipAddress: '',
  },
});
