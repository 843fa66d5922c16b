// The home page's own copy.

export const homePage = {
  hero: {
    title: 'Practical AI and Software for Waterloo Region Businesses',
    lead: 'We help small and medium businesses in Kitchener-Waterloo cut 60-80% of their manual work with AI, custom software and automation: local, measurable and right-sized.',
  },
  partnersTitle: 'Trusted technology partners',
  servicesTitle: 'Our Core Services',
  testimonialsTitle: 'What Our Clients Say',
  clientsTitle: 'Businesses We Work With',
  featuredTitle: 'Featured On',
  cta: {
    title: 'Ready to save 5-10 hours every week?',
    text: 'Tell us about the work that slows your team down. We will show you what can be automated, what it costs and what it returns.',
  },
};
