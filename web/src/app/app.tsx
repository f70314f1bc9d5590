import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import type { AuthService } from '@/lib/auth';
import { AppProviders } from './provider';
import { AppRouter } from './router';

export function App({ config, authService }: { config: RuntimeConfig; authService: AuthService }) {
  return (
    <AppProviders config={config} authService={authService}>
      <AppRouter />
    </AppProviders>
  );
}
