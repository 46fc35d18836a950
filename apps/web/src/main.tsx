// The web application's entry: languages first, then the design foundation (theme, styles), then
// the routes under /app.
import { UiThemeProvider } from '@invoice-reader/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './i18n';
import '@invoice-reader/ui/styles.css';
import './app.css';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <UiThemeProvider>
        <App />
      </UiThemeProvider>
    </StrictMode>,
  );
