import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { makeStore, type AppStore } from '../store/store';
import { Toaster } from '../components/toast/Toaster';

export interface RenderOptions {
  /** The address the page is rendered at (its route is `path`). */
  at?: string;
  /** The route pattern of `ui`, for pages that read their params. */
  path?: string;
  /** Other routes the page may navigate to, each rendered as its name. */
  otherRoutes?: string[];
}

/**
 * A page or component as the app renders it: a fresh Redux store with the RTK Query API, a router, and the
 * toaster, so a test sees the same toasts a person does. The API answers come from the MSW handlers of
 * `testing/api-server.ts`.
 */
export function renderWithStore(
  ui: ReactElement,
  { at = '/', path = '*', otherRoutes = [] }: RenderOptions = {},
): RenderResult & { store: AppStore } {
  const store = makeStore();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={ui} />
          {otherRoutes.map((route) => (
            <Route key={route} path={route} element={<p>{`Page ${route}`}</p>} />
          ))}
        </Routes>
        <Toaster />
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}
