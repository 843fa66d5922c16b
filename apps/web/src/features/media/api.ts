import type { MediaFile } from '@kw/media/contract';
import { api } from '../../api/api.ts';

/** The Media Manager's calls (admin.md §7); uploads go through shared/admin/upload.ts for progress. */
export const mediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMedia: build.query<MediaFile[], void>({
      query: () => '/api/media',
      providesTags: ['Media'],
    }),
    deleteMedia: build.mutation<void, string>({
      query: (filename) => ({
        url: `/api/media/${encodeURIComponent(filename)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Media'],
    }),
  }),
});

export const { useListMediaQuery, useDeleteMediaMutation } = mediaApi;
