// What builds trust: testimonials, clients, press, partners and the headline figures.

export interface Testimonial {
  quote: string;
  /** First name only, as the clients agreed. */
  author: string;
  position: string;
  company: string;
}

export const testimonials: Testimonial[] = [
  {
    quote:
      'Quoting used to take our estimators two days. With the AI assistant Grand River Digital built, a first quote goes out in under an hour, and it is more accurate.',
    author: 'Michelle',
    position: 'Operations Manager',
    company: 'Conestoga Precision Machining',
  },
  {
    quote:
      'They connected our online store, our warehouse and our accounting. Nobody re-types an order any more: that alone gave each of us back about eight hours a week.',
    author: 'Tom',
    position: 'Owner',
    company: 'Elora Mill Provisions',
  },
  {
    quote:
      'Daniel explained every option in plain language and the proof of concept was running with our own data in three weeks. We knew exactly what we were buying.',
    author: 'Sandra',
    position: 'Executive Director',
    company: 'Waterloo Region Family Services Network',
  },
];

export interface Client {
  name: string;
  industry: string;
}

export const clients: Client[] = [
  { name: 'Conestoga Precision Machining', industry: 'Manufacturing' },
  { name: 'Elora Mill Provisions', industry: 'Food & Retail' },
  { name: 'Waterloo Region Family Services Network', industry: 'Non-profit' },
  { name: 'Grand Valley Dental Group', industry: 'Healthcare' },
  { name: 'Breslau Logistics', industry: 'Transportation & Logistics' },
  { name: 'Uptown Legal Partners', industry: 'Legal Services' },
  { name: 'Hespeler Home Comfort', industry: 'Home Services' },
  { name: 'Laurel Creek Accounting', industry: 'Financial Services' },
];

export type MediaType = 'organization' | 'publication' | 'podcast';

export interface FeaturedMedia {
  name: string;
  type: MediaType;
}

export const featuredMedia: FeaturedMedia[] = [
  { name: 'Communitech', type: 'organization' },
  { name: 'Greater KW Chamber of Commerce', type: 'organization' },
  { name: 'Waterloo Region Record', type: 'publication' },
  { name: 'Exchange Magazine', type: 'publication' },
  { name: 'The SME AI Podcast', type: 'podcast' },
];
