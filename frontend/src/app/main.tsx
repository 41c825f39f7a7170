import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes, useServiceWorkerNavigation } from './router';
import { appStore } from '../store/app-store';
import { theme } from './theme';
import { Toaster } from '../components/toast/Toaster';

if ('serviceWorker' in navigator) {
  navigator.serviceWorker
    .register('/sw.js')
    .catch((error: unknown) => console.warn('Service worker not registered', error));
}

function App() {
  useServiceWorkerNavigation();
  return <AppRoutes />;
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Provider store={appStore}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <BrowserRouter>
            <App />
          </BrowserRouter>
          <Toaster />
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
}
