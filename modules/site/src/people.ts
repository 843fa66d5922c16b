import { founder } from './founder.ts';

// The team, values and history of the about page.

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  /** The AI persona has Chat, WhatsApp and Phone buttons (spec: they do nothing yet). */
  isAiPersona?: boolean;
}

export const team: TeamMember[] = [
  {
    name: founder.name,
    role: founder.title,
    bio: 'Sets the direction of every project and keeps the technology in service of the business.',
  },
  {
    name: 'Priya Raman',
    role: 'Lead Software Engineer',
    bio: 'Builds the web platforms, integrations and data pipelines our clients rely on every day.',
  },
  {
    name: 'Ava',
    role: 'AI Assistant (Digital Persona)',
    bio: 'Our AI persona answers first questions day and night and hands you to a person when it matters.',
    isAiPersona: true,
  },
];

export interface CoreValue {
  title: string;
  description: string;
}

export const coreValues: CoreValue[] = [
  {
    title: 'Practical First',
    description: 'We build what pays for itself, not what looks good in a demo.',
  },
  {
    title: 'Plain Language',
    description: 'No jargon: you always know what we are doing, why, and what it costs.',
  },
  {
    title: 'Responsible AI',
    description: 'Privacy, fairness and human oversight are part of every design.',
  },
  {
    title: 'Local Partnership',
    description: 'We are your neighbours in Waterloo Region and we answer the phone.',
  },
  {
    title: 'Measured Results',
    description: 'Every project starts with a baseline and ends with the numbers.',
  },
];

export interface TimelineEntry {
  year: number;
  title: string;
  description: string;
  link?: { label: string; url: string };
}

export const timeline: TimelineEntry[] = [
  {
    year: 2004,
    title: 'Founded in Cambridge',
    description: 'Started as a custom software studio for manufacturers in Waterloo Region.',
  },
  {
    year: 2019,
    title: 'Rebranded as Grand River Digital',
    description: 'A new name for a wider offer: integration, automation and cloud platforms.',
  },
  {
    year: 2022,
    title: 'AI-first consultancy',
    description: 'Made applied AI the centre of our practice for small and medium businesses.',
  },
  {
    year: 2024,
    title: 'Innovation award nomination',
    description: 'Nominated for the Waterloo Region Small Business Innovation Award.',
  },
  {
    year: 2025,
    title: 'Launched our AI training site',
    description: 'A sister site teaching teams to use AI tools safely and productively.',
    link: { label: 'Visit Grand River AI Academy', url: 'https://www.grandriveraiacademy.ca' },
  },
];

export const mission = {
  title: 'Our Mission',
  text: 'To give the small and medium businesses of Kitchener-Waterloo the same practical AI and software that large companies take for granted, at a size and price that fit, so their people spend less time on manual work and more time on their customers.',
} as const;
