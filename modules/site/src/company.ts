// The company's own facts: who it is, where it is, how to reach it.

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

/** Where the business keeps its hours: every date the site shows or groups by is in this zone. */
export const BUSINESS_TIME_ZONE = 'America/Toronto';

export const mailFrom = `${company.name} <${company.email}>`;

export interface SocialLinks {
  linkedin: string;
  facebook: string;
  youtube: string;
}

/** The settings the contact page reads (spec §3, "Site contact settings"). */
export interface ContactSettings {
  phone: string;
  email: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  social: SocialLinks;
}

export const socialLinks: SocialLinks = {
  linkedin: 'https://www.linkedin.com/company/grand-river-digital',
  facebook: 'https://www.facebook.com/grandriverdigital',
  youtube: 'https://www.youtube.com/@grandriverdigital',
};

export const contactSettings: ContactSettings = {
  phone: company.phone,
  email: company.email,
  address: company.address,
  city: company.city,
  province: company.province,
  postalCode: company.postalCode,
  social: socialLinks,
};

export const SOCIAL_LABELS: Record<keyof SocialLinks, string> = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  youtube: 'YouTube',
};
