import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { router } from './router';
import { makeStore } from '../store/store';
import { theme } from './theme';
import { Toaster } from '../components/toast/Toaster';
import { appPath } from '../lib/nav';

const store = makeStore();

if ('serviceWorker' in navigator) {
  navigator.serviceWorker
    .register('/sw.js')
    .catch((error: unknown) => console.warn('Service worker not registered', error));
  // A click on a notification focuses this window and asks it to open the notification's link.
  navigator.serviceWorker.startMessages();
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type === 'navigate' && typeof data.url === 'string') void router.navigate(appPath(data.url));
  });
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <RouterProvider router={router} />
          <Toaster />
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
}
