import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes, prefetchForSession, useServiceWorkerNavigation } from './router';
import { appStore } from '../store/app-store';
import { Toaster } from '../components/toast/Toaster';
// The page's baseline (what MUI's CssBaseline drew): MUI itself loads only with the parts drawn with it.
import './global.css';

if ('serviceWorker' in navigator) {
  navigator.serviceWorker
    .register('/sw.js')
    .catch((error: unknown) => console.warn('Service worker not registered', error));
}

function App() {
  useServiceWorkerNavigation();
  return <AppRoutes />;
}

prefetchForSession(window.location.pathname);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Provider store={appStore}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
        <Toaster />
      </Provider>
    </StrictMode>,
  );
}
