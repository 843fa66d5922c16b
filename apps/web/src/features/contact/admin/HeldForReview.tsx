import { HELD_FOR_REVIEW_PATH } from '@kw/contact/contract';
import { HeldForReviewLink } from '../../../shared/admin/HeldForReviewLink.tsx';
import { useContactHeldCountQuery } from '../api.ts';

/** The dashboard's "N held for review" for contact messages, linking to those. */
export function HeldForReview() {
  const { data } = useContactHeldCountQuery();
  return <HeldForReviewLink held={data?.held} to={HELD_FOR_REVIEW_PATH} testId="held-for-review" />;
}
