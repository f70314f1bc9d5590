import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import type { AuthService } from '@/lib/auth';
import type { RuntimeConfigSource } from '@/lib/runtime-config-source';
import { AppProviders } from './provider';
import { AppRouter } from './router';

export function App({
  config,
  authService,
}: {
  config: RuntimeConfig | RuntimeConfigSource;
  authService: AuthService;
}) {
  return (
    <AppProviders config={config} authService={authService}>
      <AppRouter />
    </AppProviders>
  );
}
