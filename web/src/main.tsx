import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { BootError } from './app/boot-error';
import { PageSpinner } from './components/ui/spinner';
import { RuntimeConfigError, loadRuntimeConfig } from './lib/runtime-config';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

async function boot() {
  root.render(<PageSpinner />);
  try {
    // Amplify loads in parallel with the config instead of weighing down the entry chunk.
    const [config, { createAmplifyAuthService }] = await Promise.all([
      loadRuntimeConfig(),
      import('./lib/auth/amplify-auth-service'),
    ]);
    const authService = createAmplifyAuthService(config, window.location.origin);
    root.render(
      <StrictMode>
        <App config={config} authService={authService} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('TrailBuddy failed to start', error);
    const message =
      error instanceof RuntimeConfigError ? error.message : 'Part of the app failed to load. Check your connection and try again.';
    root.render(<BootError message={message} />);
  }
}

void boot();
