import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { api, type StoreExtra } from './api/api.ts';
import { Hydrated } from './Hydrated.tsx';
import { type RouteHandle, resolveSeo, resolveStatus } from './route-handle.ts';
import { routes } from './routes.tsx';
import { headTags } from './seo.ts';
import { collectDateTexts } from './shared/public/dateTexts.ts';
import { type PublicSiteConfig, siteConfigTag } from './shared/public/site-config.ts';
import { makeStore } from './store.ts';

const handler = createStaticHandler(routes);

export interface RenderResult {
  status: number;
  redirect?: string;
  appHtml: string;
  head: string;
  state: unknown;
  /** The dates the page shows, as formatted here (the browser hydrates with them). */
  dates?: Record<string, string>;
}

/**
 * Renders one public URL to HTML, with its data read into the RTK Query cache first, by the
 * API's own process (`serverQuery`: the modules' queries, no HTTP).
 */
export async function render(
  request: Request,
  options: {
    serverQuery: NonNullable<StoreExtra['serverQuery']>;
    publicUrl: string;
    site?: PublicSiteConfig;
  },
): Promise<RenderResult> {
  const store = makeStore({ extra: { serverQuery: options.serverQuery } });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return {
      status: context.status,
      redirect: context.headers.get('Location') ?? '/',
      appHtml: '',
      head: '',
      state: null,
    };
  }
  await Promise.all(
    context.matches.map((match) =>
      (match.route.handle as RouteHandle | undefined)?.prefetch?.(store, match.params),
    ),
  );
  // The prefetched queries finish before the markup is made, and travel to the browser in the state.
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  const router = createStaticRouter(handler.dataRoutes, context);
  const { result: appHtml, texts: dates } = collectDateTexts(() =>
    renderToString(
      <StrictMode>
        <Provider store={store}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Provider>
        {/* The browser's tree has it: the same shape, the same ids. */}
        <Hydrated />
      </StrictMode>,
    ),
  );
  const state = store.getState();
  const resolved = [...context.matches].reverse().map((m) => {
    const handle = m.route.handle as RouteHandle | undefined;
    const ctx = { state, params: m.params };
    return { seo: resolveSeo(handle, ctx), status: resolveStatus(handle, ctx) };
  });
  const seo = resolved.find((r) => r.seo)?.seo;
  const status = resolved.find((r) => r.status)?.status ?? context.statusCode;
  return {
    status,
    appHtml,
    head: (seo ? headTags(seo, options.publicUrl) : '') + siteConfigTag(options.site ?? {}),
    state,
    dates,
  };
}
