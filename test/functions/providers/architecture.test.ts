import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../../functions');
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] as string);

/**
 * One provider interface under it all: the modules that serve every provider know none of them by adapter. They
 * reach a provider through the registry (functions/providers/registry.ts), its light sides' registries
 * (sync-now.ts, withdrawals.ts) or the TokenSource it hands out.
 */
describe('provider-neutral modules', () => {
  const neutral = [
    'usecases/connections.ts',
    'usecases/disconnect.ts',
    'usecases/provider-access.ts',
    'usecases/provider-connect.ts',
    'usecases/provider-deps.ts',
    'providers/provider.ts',
    'providers/registry.ts',
    'providers/sync-now.ts',
    'providers/withdrawals.ts',
  ];

  it.each(neutral)('%s imports no provider adapter', (file) => {
    expect(importsOf(join(root, file)).filter((path) => /\/adapters\//.test(path))).toEqual([]);
  });

  it('sync now and disconnect dispatch through the light sides, not on provider names', () => {
    const connections = readFileSync(join(root, 'usecases/connections.ts'), 'utf8');
    const disconnect = readFileSync(join(root, 'usecases/disconnect.ts'), 'utf8');
    expect(connections).toContain("from '../providers/sync-now'");
    expect(disconnect).toContain("from '../providers/withdrawals'");
    for (const source of [connections, disconnect]) expect(source).not.toMatch(/provider\s*===\s*'/);
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
