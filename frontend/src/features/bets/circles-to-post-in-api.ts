import { api } from '../../api/base-api';
import type { Schemas } from '../../api/schemas';

/** The viewer's circles, to post a new bet in; refreshed whenever the circles list changes (its tag). */
export const circlesToPostInApi = api.injectEndpoints({
  endpoints: (build) => ({
    circlesToPostIn: build.query<Schemas['CircleSummaryDto'][], void>({
      query: () => '/api/circles',
      providesTags: [{ type: 'Circle', id: 'LIST' }],
    }),
  }),
});

export const { useCirclesToPostInQuery } = circlesToPostInApi;
