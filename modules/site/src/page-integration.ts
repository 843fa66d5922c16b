// Content of one service page.

import { servicePageMeta } from './pages.ts';
import {
  type IntegrationTool,
  type Metric,
  type Outcome,
  type PageIntro,
  type Project,
  processSteps,
} from './service-page-types.ts';

export const integrationPage = {
  intro: {
    ...servicePageMeta.integration,
    lead: 'Connect the tools you already pay for so data flows on its own and your people stop re-typing it.',
    calls: [
      { label: 'Automate a Process', to: '/contact' },
      { label: 'Check Your Digital Readiness', to: '/digital-readiness' },
    ],
  } satisfies PageIntro,
  services: [
    {
      title: 'System Integration',
      description: 'Connect accounting, CRM, inventory and e-commerce both ways.',
    },
    {
      title: 'Workflow Automation',
      description: 'Approvals, notifications and hand-offs that run themselves.',
    },
    {
      title: 'Data Synchronisation',
      description: 'One version of the truth across every system you use.',
    },
    {
      title: 'Custom APIs',
      description: 'Open up older systems so modern tools can talk to them.',
    },
  ] satisfies Outcome[],
  metrics: [
    { metric: '60-80%', description: 'less manual data entry' },
    { metric: '5-10 hours', description: 'saved per person every week' },
    { metric: '30-50%', description: 'efficiency gain in automated processes' },
    { metric: '100+', description: 'projects delivered since 2004' },
  ] satisfies Metric[],
  tools: [
    { name: 'Zapier', description: 'Quick connections between cloud apps.', category: 'No-Code' },
    {
      name: 'Microsoft Power Automate',
      description: 'Workflows across Microsoft 365.',
      category: 'Low-Code',
    },
    { name: 'Make', description: 'Visual multi-step scenarios.', category: 'Low-Code' },
    {
      name: 'Custom Node.js services',
      description: 'When volume or logic outgrows the tools.',
      category: 'Custom',
    },
    {
      name: 'REST and webhooks',
      description: 'Direct, reliable system-to-system links.',
      category: 'Technical',
    },
    {
      name: 'QuickBooks and Xero APIs',
      description: 'Accounting in sync with operations.',
      category: 'Technical',
    },
  ] satisfies IntegrationTool[],
  stories: [
    {
      client: 'Elora Mill Provisions',
      project: 'Store, warehouse and accounting in sync',
      description: 'Shopify orders flow to the warehouse and into QuickBooks automatically.',
      results: ['8 hours saved per person weekly', 'Zero re-typed orders'],
      technologies: ['Shopify', 'QuickBooks Online', 'Make'],
    },
    {
      client: 'Uptown Legal Partners',
      project: 'Client intake automation',
      description: 'Web enquiries create the matter, the conflict check and the engagement letter.',
      results: ['Intake from 3 days to same day', '65% less admin time'],
      technologies: ['Power Automate', 'Microsoft 365', 'Clio'],
    },
    {
      client: 'Waterloo Region Family Services Network',
      project: 'Referral tracking',
      description: 'Referrals between six agencies tracked in one shared, secure workflow.',
      results: ['No lost referrals', 'Monthly reporting automated'],
      technologies: ['SharePoint', 'Power Automate', 'Power BI'],
    },
  ] satisfies Project[],
  process: processSteps([
    {
      title: 'Map',
      description: 'We follow the data through your systems and find the re-typing.',
    },
    { title: 'Design', description: 'We choose the simplest reliable tool for each connection.' },
    { title: 'Automate', description: 'We build, test with real records and switch over safely.' },
    { title: 'Monitor', description: 'Alerts and monthly checks keep every integration healthy.' },
  ]),
};
