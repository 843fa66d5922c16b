// Every public stylesheet is in the one render-blocking CSS file (about 5 KB gzipped): a data
// page's styles arriving with its lazy chunk would paint it unstyled first and shift it.
import './shared/public/styles.css';
import './shared/public/content.css';
import './features/careers/public/careers.css';
import './shared/public/images.css';
import { namesNoPage } from '@kw/platform/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { createDeferredStore } from './deferred-store.ts';
import { Hydrated } from './Hydrated.tsx';
import { routes } from './routes.tsx';
import { preloadDateTexts } from './shared/public/dateTexts.ts';

const datesElement = document.getElementById('__DATES__');
if (datesElement?.textContent) preloadDateTexts(JSON.parse(datesElement.textContent));
const stateElement = document.getElementById('__STATE__');
const preloadedState = stateElement?.textContent ? JSON.parse(stateElement.textContent) : undefined;
// RTK (the store) loads on demand: no public page needs it for its first render.
const store = createDeferredStore(preloadedState, async () =>
  (await import('./store.ts')).makeStore(preloadedState ? { preloadedState } : {}),
);

// A path the server refused (a control character, a malformed escape) was rendered as /404: the
// router takes that address too, as it could not hold this one (and would not match the HTML).
if (namesNoPage(window.location.pathname))
  window.history.replaceState(window.history.state, '', `/404${window.location.search}`);

// The server rendered the page with its lazy route modules loaded: load the same ones before
// hydrating, so the first client render matches the HTML.
await Promise.all(
  (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    const loaded = await route.lazy();
    Object.assign(route, { ...loaded, lazy: undefined });
  }),
);
const router = createBrowserRouter(routes);
const root = document.getElementById('root')!;

const app = (
  <StrictMode>
    <Provider store={store as never}>
      <RouterProvider router={router} />
    </Provider>
    <Hydrated />
  </StrictMode>
);

// Public pages arrive rendered by the server; the back office starts empty. Hydration runs as a
// transition: React works through the page in slices of a few milliseconds, yielding to the
// browser between them, so a long list (the blog's fifty cards) is no long task on a phone.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
