// Content of one service page.

import { servicePageMeta } from './pages.ts';
import {
  type AiService,
  type PageIntro,
  type Project,
  processSteps,
} from './service-page-types.ts';

export const aiPage = {
  intro: {
    ...servicePageMeta.ai,
    lead: 'Practical AI that removes 60-80% of the manual work in quoting, document handling and customer service, built for the size of your business.',
    calls: [
      { label: 'Book an AI Assessment', to: '/contact' },
      { label: 'See Case Studies', to: '/case-studies' },
    ],
  } satisfies PageIntro,
  services: [
    {
      title: 'AI Assistants & Chatbots',
      description: 'Assistants that answer customers and staff from your own documents, 24/7.',
      features: [
        'Trained on your knowledge base',
        'Website, e-mail and Teams',
        'Hand-off to a person',
      ],
      benefits: ['Answers in seconds', 'Fewer repeat questions', 'Consistent tone'],
    },
    {
      title: 'Document Intelligence',
      description:
        'Read invoices, orders and forms automatically and file the data where it belongs.',
      features: ['Invoices and purchase orders', 'Contracts and forms', 'Validation rules'],
      benefits: ['5-10 hours saved weekly', 'Fewer keying errors', 'Faster month-end'],
    },
    {
      title: 'Predictive Analytics',
      description: 'Forecast demand, cash flow and maintenance from the data you already have.',
      features: ['Demand forecasting', 'Churn and risk scores', 'Plain-language dashboards'],
      benefits: ['Less overstock', 'Earlier warnings', 'Better decisions'],
    },
    {
      title: 'AI Strategy & Training',
      description: 'Find where AI pays off first, set safe usage policies and train your team.',
      features: ['Opportunity workshop', 'Responsible AI policy', 'Hands-on team training'],
      benefits: ['Clear priorities', 'Safe adoption', 'Confident staff'],
    },
  ] satisfies AiService[],
  stories: [
    {
      client: 'Conestoga Precision Machining',
      project: 'AI quoting assistant',
      description: 'Reads drawings and past jobs to draft quotes for estimators to review.',
      results: ['Quote time from 2 days to under 1 hour', '70% less manual entry'],
      technologies: ['Azure OpenAI', 'Python', 'SQL Server'],
    },
    {
      client: 'Laurel Creek Accounting',
      project: 'Document intake automation',
      description: 'Classifies and extracts client receipts and slips during tax season.',
      results: ['80% of documents filed automatically', '9 hours saved per accountant weekly'],
      technologies: ['Azure AI Document Intelligence', 'Power Automate'],
    },
  ] satisfies Project[],
  process: processSteps([
    {
      title: 'Assessment',
      description:
        'We map your processes and data and find the AI opportunities with the best return.',
    },
    {
      title: 'Strategy',
      description: 'A costed plan: which use case first, which tools, what success looks like.',
    },
    {
      title: 'Implementation',
      description: 'We build, test with your team and launch in small, safe steps.',
    },
    {
      title: 'Optimization',
      description: 'We measure results, tune the models and extend what works.',
    },
  ]),
};
