/**
 * Entry of the renderer bundle, kept small: app/boot.ts starts the opened page's reads and route chunk, then the
 * app (React DOM, the frame, the views: app/mount.tsx) is loaded as its own chunk and mounted. The entry chunk holds
 * only the data layer, so the reads leave once it is parsed, not once all of React DOM and the frame are.
 */
import { appQueryClient } from './app/boot.ts';
import './styles/base.css';

void import('./app/mount.tsx').then(({ mountApp }) => {
  mountApp(appQueryClient);
});
