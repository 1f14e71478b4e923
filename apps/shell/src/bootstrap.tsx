import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { PrimeReactProvider } from 'primereact/api';
import { initI18n, initTheme, primeReactConfig } from '@teaminbox/ui';
import { createAppStore, injectFeature } from '@teaminbox/web-store';
import { App } from './app/App';
import { shellFeature } from './app/shell.feature';
import { registerRemotes } from './remotes/remotes';

initTheme();
const i18n = initI18n();
registerRemotes();

const store = createAppStore();
injectFeature(store, shellFeature);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <PrimeReactProvider value={{ ...primeReactConfig, locale: i18n.language }}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </PrimeReactProvider>
    </Provider>
  </StrictMode>,
);
