// The company's own facts: constant data, shared by the pages, the e-mails and the API.
// Browser-safe: no server imports.

export const company = {
  name: 'Grand River Digital',
  fullName: 'Grand River Digital Inc.',
  tagline: 'Practical AI and software for Waterloo Region businesses',
  email: 'hello@grandriverdigital.ca',
  phone: '+1 (519) 555-0142',
  address: '73 Water Street North, Suite 400',
  city: 'Cambridge',
  province: 'ON',
  postalCode: 'N1R 7L6',
  country: 'CA',
} as const;

export const mailFrom = `${company.name} <${company.email}>`;
