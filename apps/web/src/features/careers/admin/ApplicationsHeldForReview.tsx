import { APPLICATIONS_HELD_PATH } from '@kw/careers/contract';
import { HeldForReviewLink } from '../../../shared/admin/HeldForReviewLink.tsx';
import { useApplicationHeldCountQuery } from '../api.ts';

/** The dashboard's "N held for review" for job applications, linking to those. */
export function ApplicationsHeldForReview() {
  const { data } = useApplicationHeldCountQuery();
  return (
    <HeldForReviewLink
      held={data?.held}
      to={APPLICATIONS_HELD_PATH}
      testId="applications-held-for-review"
    />
  );
}
