// The headline figures: on many pages and in the structured data.

export interface TrustStats {
  rating: number;
  reviews: string;
  clients: string;
  experience: string;
  projects: string;
  aiImplementations: string;
  partnerships: string[];
}

export const trustStats: TrustStats = {
  rating: 5.0,
  reviews: '100% Google Reviews',
  clients: '30+',
  experience: '25+',
  projects: '100+',
  aiImplementations: '20+',
  partnerships: ['Microsoft', 'Google Cloud', 'Amazon Web Services'],
};

/** The number of reviews behind the 5.0 rating, for structured data. */
export const REVIEW_COUNT = 32;
