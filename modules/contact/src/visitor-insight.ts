// The visitor description is shared with the newsletter's enrichment: it lives in the platform.
export { describeVisitor, deviceTypeOf, type VisitorInsight } from '@kw/platform/visitor-insight';
