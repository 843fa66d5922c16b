import { Link } from 'react-router';

/**
 * The dashboard's line for submissions held for review (sent too fast to be sure a person sent
 * them): "N held for review", a link to the list showing only those. Nothing when none waits.
 */
export function HeldForReviewLink({
  held,
  to,
  testId,
}: {
  held: number | undefined;
  to: string;
  testId: string;
}) {
  if (!held) return null;
  return (
    <Link to={to} data-testid={testId} style={{ color: '#ad6800' }}>
      {held} held for review
    </Link>
  );
}
