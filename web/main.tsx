import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, useThemeStore } from './stores/theme-store';
import { App } from './app/app';

// Before the first paint, so a dark-mode user never sees a white flash (the CSP forbids an inline script in index.html).
applyTheme(useThemeStore.getState().theme);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
