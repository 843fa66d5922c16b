// The contact page's own copy.

export const contactPage = {
  phoneHours: 'Available Monday - Friday, 9 AM - 6 PM EST',
  emailPromise: 'We respond within 24 hours',
  whyChooseUs: {
    reviewLine: '100% Google Reviews',
    badges: ['#1 AI Solutions Provider in KW', 'Microsoft Partner', '25+ Years Experience'],
  },
  office: {
    title: 'Visit Our Office',
    description:
      'Our office is in a restored limestone mill on the Grand River in downtown Galt, Cambridge: ten minutes from Highway 401 and twenty from uptown Waterloo. Free parking is on Water Street; book a time with us and the coffee is on us.',
    hours: 'Monday - Friday, 9 AM - 6 PM EST, by appointment',
  },
} as const;
