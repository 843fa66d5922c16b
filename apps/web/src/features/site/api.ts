import type { FounderPhotoAnswer } from '@kw/site/contract';
import { api } from '../../api/api.ts';

/** The site's settings: the founder's photo (read by the about page, set in Settings → Site). */
export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    founderPhoto: build.query<FounderPhotoAnswer, void>({
      query: () => '/api/site/founder-photo',
      // Deleting its file in the Media Manager removes it too.
      providesTags: ['SiteSettings', 'Media'],
    }),
    setFounderPhoto: build.mutation<FounderPhotoAnswer, string>({
      query: (mediaId) => ({ url: '/api/site/founder-photo', method: 'PUT', body: { mediaId } }),
      invalidatesTags: ['SiteSettings', 'Activity'],
    }),
    clearFounderPhoto: build.mutation<FounderPhotoAnswer, void>({
      query: () => ({ url: '/api/site/founder-photo', method: 'DELETE' }),
      invalidatesTags: ['SiteSettings', 'Activity'],
    }),
  }),
});

export const { useFounderPhotoQuery, useSetFounderPhotoMutation, useClearFounderPhotoMutation } =
  siteApi;
