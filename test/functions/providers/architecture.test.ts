import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../../functions');
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] as string);

/**
 * One provider interface under it all: the modules that serve every provider know none of them by adapter. They
 * reach a provider through the registry (functions/providers/registry.ts; the import worker through its heavy half,
 * importers.ts) or the TokenSource it hands out.
 */
describe('provider-neutral modules', () => {
  const neutral = [
    'usecases/connections.ts',
    'usecases/disconnect.ts',
    'usecases/provider-access.ts',
    'usecases/provider-connect.ts',
    'usecases/provider-deps.ts',
    'usecases/provider-refresh.ts',
    'usecases/import-jobs/run-job.ts',
    'usecases/providers/provider.ts',
    'usecases/providers/registry.ts',
    'usecases/providers/importers.ts',
  ];

  it.each(neutral)('%s imports no provider adapter', (file) => {
    expect(importsOf(join(root, file)).filter((path) => /\/adapters\//.test(path))).toEqual([]);
  });

  it('sync now, disconnect, the erasure, the daily refresh and the import worker dispatch through the registry, not on provider names', () => {
    const dispatchers = {
      'usecases/connections.ts': "from './providers/registry'",
      'usecases/disconnect.ts': "from './providers/registry'",
      'usecases/provider-refresh.ts': "from './providers/registry'",
      'handlers/me/delete-me.ts': "from '../../usecases/providers/registry'",
      'usecases/import-jobs/run-job.ts': "from '../providers/importers'",
    };
    for (const [file, registry] of Object.entries(dispatchers)) {
      const source = readFileSync(join(root, file), 'utf8');
      expect(source, file).toContain(registry);
      expect(source, file).not.toMatch(/provider\s*[!=]==\s*'/);
    }
  });

  it('the adapter clients share the one HTTP client base: the OAuth client on it, the API client on that', () => {
    for (const dir of readdirSync(join(root, 'adapters'), { withFileTypes: true }).filter(
      (d) => d.isDirectory() && d.name !== 'cognito',
    )) {
      const oauth = readFileSync(join(root, 'adapters', dir.name, 'oauth-client.ts'), 'utf8');
      expect(oauth, dir.name).toMatch(/extends ProviderHttpClient/);
      const client = readFileSync(join(root, 'adapters', dir.name, 'client.ts'), 'utf8');
      expect(client, dir.name).toMatch(/extends \w+OAuthClient</);
    }
  });
});
