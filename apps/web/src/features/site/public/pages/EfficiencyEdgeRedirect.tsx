import { useEffect } from 'react';

/**
 * Reached only by client-side navigation: the server answers /efficiency-edge with a redirect
 * to the configured external site, so load the address from the server.
 */
export function EfficiencyEdgeRedirect() {
  useEffect(() => {
    window.location.replace('/efficiency-edge');
  }, []);
  return (
    <section className="container not-found">
      <h1>Opening Efficiency Edge…</h1>
    </section>
  );
}
