import { blogPages } from '../../features/blog/public/blogPages.tsx';
import { caseStudyPages } from '../../features/case-studies/public/caseStudyPages.tsx';

/**
 * The blog's and the case studies' pages as one lazily loaded module, as they share most of
 * their code (the list, the cards, the article's page): it stays out of the marketing pages'
 * first load (the server and entry-client load it before rendering these paths), and RTK Query
 * out of theirs (see usePublicQuery).
 */
export const contentPages = { ...blogPages, ...caseStudyPages };
