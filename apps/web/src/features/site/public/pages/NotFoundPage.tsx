import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="container not-found">
      <div className="card">
        <h1>Page Not Found</h1>
        <p>The page you are looking for doesn't exist or has been moved.</p>
        <Link to="/" className="button button-primary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
