/** Entry of the renderer bundle: mounts the app. */
// First: the route's reads start before the modules below are evaluated (app/boot.ts).
import { appQueryClient } from './app/boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App queryClient={appQueryClient} />
  </StrictMode>,
);
