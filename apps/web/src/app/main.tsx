import '@fontsource-variable/inter/index.css';
import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readAddonOrigin } from '../lib/addon-origin';
import { startTimingReports } from '../lib/page-timing';
import { initializeSession } from './init-session';
import { Providers } from './providers';
import { createRouter } from './router';

// Remembered for the tab before any redirect drops the query (the add-on frame may open on /login).
readAddonOrigin(window.location);
void initializeSession();
// The SlownessOptimization marks (spec §7) go to Cairn's own analytics endpoint from here on.
startTimingReports();
const router = createRouter();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
