// The company's own facts (who it is, where it is, how to reach it) are kept by platform, whose
// e-mails name the sender; the site's pages read them through this module.
import { company } from '@kw/platform/company';

export { company };

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
