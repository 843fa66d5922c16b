import { HELD_FOR_REVIEW_PATH } from '@kw/contact/contract';
import { Link } from 'react-router';
import { useContactHeldCountQuery } from '../api.ts';

/**
 * The dashboard's line for submissions held for review (sent too fast to be sure they came from
 * a person): "N held for review", a link to Contact Submissions showing only those. Nothing
 * when none waits.
 */
export function HeldForReview() {
  const { data } = useContactHeldCountQuery();
  if (!data?.held) return null;
  return (
    <Link to={HELD_FOR_REVIEW_PATH} data-testid="held-for-review" style={{ color: '#ad6800' }}>
      {data.held} held for review
    </Link>
  );
}
