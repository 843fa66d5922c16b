// The founder: named on the about page, in structured data and at /{slug}.

export interface FounderProfile {
  name: string;
  firstName: string;
  /** The path of the page with the founder's AI digital twin: /{slug}. */
  slug: string;
  title: string;
  background: string;
  achievements: string[];
  education: string[];
  experience: string[];
  expertise: string[];
  profileUrl: string;
  photo: string;
}

export const founder: FounderProfile = {
  name: 'Daniel Mercier',
  firstName: 'Daniel',
  slug: 'daniel',
  title: 'Founder & Principal Consultant',
  background:
    'Daniel has built software for Waterloo Region businesses since 2000: first manufacturing and logistics systems, then cloud platforms, and since 2022 applied AI. He founded the company in 2004 and still leads every client engagement personally.',
  achievements: [
    'Nominated for the 2024 Waterloo Region Small Business Innovation Award',
    'Led more than 20 AI implementations for Ontario SMEs',
    'Delivered 100+ software and integration projects',
    'Microsoft Partner and frequent speaker at Communitech events',
  ],
  education: [
    'B.A.Sc. Systems Design Engineering, University of Waterloo',
    'Certificate in Machine Learning, University of Toronto School of Continuing Studies',
  ],
  experience: [
    '25+ years of software engineering and consulting',
    'Founder of Grand River Digital (2004-today)',
    'Solutions architect for manufacturers along the Highway 401 corridor',
  ],
  expertise: [
    'Applied AI and large language models',
    'Business process automation',
    'Systems integration',
    'Software architecture',
  ],
  profileUrl: 'https://www.linkedin.com/in/daniel-mercier-grd',
  photo: '/images/founder.svg',
};
