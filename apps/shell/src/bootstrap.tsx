import './zod-config';
import './shell.css';
import './i18n/texts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PrimeReactProvider } from 'primereact/api';
import { BrowserRouter, initTheme, primeReactConfig, startI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature } from '@teaminbox/web-store';
import { App } from './app/App';
import { shellFeature } from './app/shell.feature';
import { registerRemotes } from './remotes/remotes';

initTheme();
registerRemotes();

const store = createAppStore();
injectFeature(store, shellFeature);

// The stored language's texts (Czech is loaded on demand) are there before the first render.
void startI18n().then((i18n) =>
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
  ),
);
