// The two policy pages: privacy (PIPEDA) and the ethical use of AI.

export interface PolicySection {
  title: string;
  paragraphs: string[];
}

export const privacyPolicy = {
  updated: 'January 15, 2025',
  sections: [
    {
      title: 'Information We Collect',
      paragraphs: [
        'We collect the information you give us when you send a message, subscribe to our newsletter or apply for a job: your name, e-mail address, phone number, company and what you write to us.',
        'We also record anonymous usage data such as the pages visited, the referring site and the type of device, without cookies.',
      ],
    },
    {
      title: 'Cookies',
      paragraphs: [
        'Our public website does not set tracking cookies. Our own page statistics are cookieless. The back office uses one essential cookie for signed-in staff only.',
      ],
    },
    {
      title: 'Compliance with Canadian Privacy Law (PIPEDA)',
      paragraphs: [
        'We handle personal information in accordance with the Personal Information Protection and Electronic Documents Act (PIPEDA) and its ten fair information principles. We collect only what we need, for purposes we state, with your consent.',
      ],
    },
    {
      title: 'Security',
      paragraphs: [
        'Your information is stored in Canada on encrypted, access-controlled systems. Only the staff who need it to answer you can see it.',
      ],
    },
    {
      title: 'Opting Out',
      paragraphs: [
        'Every newsletter contains an unsubscribe link. You may also ask us at any time to stop contacting you.',
      ],
    },
    {
      title: 'Retention',
      paragraphs: [
        'We keep enquiries for up to two years and job applications for up to one year, unless you ask us to delete them sooner or the law requires longer.',
      ],
    },
    {
      title: 'Your Rights',
      paragraphs: [
        'You may ask to see, correct or delete the personal information we hold about you, and to withdraw your consent. We answer such requests within 30 days.',
      ],
    },
    {
      title: 'External Links',
      paragraphs: [
        'Our site links to other sites, such as social networks and our sister training site. Their own privacy policies apply there.',
      ],
    },
    {
      title: 'Changes to This Policy',
      paragraphs: [
        'We may update this policy. The date at the top shows the latest version; important changes are announced on this page.',
      ],
    },
    {
      title: 'Contact Us',
      paragraphs: [
        'Questions about privacy go to our privacy officer at the e-mail address or phone number below, or by post to our Cambridge office.',
      ],
    },
  ] satisfies PolicySection[],
};

export interface Principle {
  title: string;
  description: string;
}

export const ethicalAiPolicy = {
  intro:
    'AI should help people do better work, never decide about them unseen. These principles guide every AI system we design, build or recommend.',
  principles: [
    {
      title: 'Transparency and Accountability',
      description:
        'People know when they deal with AI, and a named person is responsible for every system we deliver.',
    },
    {
      title: 'Fairness and Non-discrimination',
      description:
        'We test models for bias against protected groups and fix what we find before launch.',
    },
    {
      title: 'Privacy and Data Protection',
      description:
        'We use the least data needed, keep it in Canada where possible and follow PIPEDA.',
    },
    {
      title: 'Human-centred AI',
      description: 'AI supports human judgement; people can always review, override and appeal.',
    },
  ] satisfies Principle[],
  guidelines: [
    {
      title: 'Development',
      items: [
        'Document data sources and their consent',
        'Test for accuracy and bias',
        'Keep humans in the review loop',
      ],
    },
    {
      title: 'Deployment',
      items: [
        'Label AI-generated content',
        'Monitor accuracy in production',
        'Provide a way to reach a person',
      ],
    },
    {
      title: 'Governance',
      items: [
        'Risk assessment before each project',
        'Yearly review of every live system',
        'Clear owner on the client side',
      ],
    },
  ],
  commitments: [
    'We will never build AI to deceive, manipulate or covertly surveil people.',
    'We will tell clients plainly when AI is not the right answer.',
    'We will keep our team trained on responsible AI practice.',
    'We will publish and keep this policy up to date.',
  ],
  riskLevels: [
    {
      level: 'High',
      description:
        'Decisions about people (hiring, credit, health): full human review, bias audits, or we decline.',
    },
    {
      level: 'Medium',
      description:
        'Customer-facing assistants and recommendations: disclosure, monitoring and easy escalation.',
    },
    {
      level: 'Low',
      description: 'Internal productivity tools: usage guidelines and periodic checks.',
    },
    {
      level: 'Minimal',
      description: 'Spell-checking, search and similar aids: standard software practice.',
    },
  ],
  continuousImprovement:
    'We review this policy every year against Canadian guidance such as the proposed Artificial Intelligence and Data Act, and update our practices as tools and laws change.',
  reporting: {
    title: 'Report a Concern',
    text: 'If you think an AI system we built has treated you unfairly or behaved unexpectedly, tell us. Every report is answered within 48 hours and investigated by a person.',
  },
};
