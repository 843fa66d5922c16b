// The company's own facts: who it is, where it is, how to reach it. Platform keeps them because
// every e-mail's sender identification (CASL) names the company; the site re-exports them for its
// pages. No imports, so the browser can load this file.

export const company = {
  name: 'Grand River Digital',
  fullName: 'Grand River Digital Inc.',
  tagline: 'Practical AI and software for Waterloo Region businesses',
  description:
    'Grand River Digital is an AI and software consultancy in Cambridge, Ontario. Since 2004 we have helped small and medium businesses across Kitchener-Waterloo automate manual work, connect their systems and put artificial intelligence to practical use.',
  email: 'hello@grandriverdigital.ca',
  phone: '+1 (519) 555-0142',
  address: '73 Water Street North, Suite 400',
  city: 'Cambridge',
  province: 'ON',
  postalCode: 'N1R 7L6',
  country: 'CA',
  foundedYear: 2004,
  copyrightYear: 2024,
  languages: ['English', 'French'],
} as const;
