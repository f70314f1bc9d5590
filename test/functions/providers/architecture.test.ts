import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../../functions');
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] as string);

/**
 * One provider interface under it all: the modules that serve every provider know none of them by adapter. They
 * reach a provider through the registry (functions/providers/registry.ts) or the TokenSource it hands out.
 */
describe('provider-neutral modules', () => {
  const neutral = [
    'usecases/connections.ts',
    'usecases/provider-access.ts',
    'usecases/provider-connect.ts',
    'usecases/provider-deps.ts',
    'providers/provider.ts',
    'providers/registry.ts',
  ];

  it.each(neutral)('%s imports no provider adapter', (file) => {
    expect(importsOf(join(root, file)).filter((path) => /\/adapters\//.test(path))).toEqual([]);
  });

  it('connections.ts dispatches through the registry, not on provider names', () => {
    const source = readFileSync(join(root, 'usecases/connections.ts'), 'utf8');
    expect(source).toContain("from '../providers/registry'");
    expect(source).not.toMatch(/provider\s*===\s*'/);
  });

  it('the adapter clients share the one HTTP client base', () => {
    for (const dir of readdirSync(join(root, 'adapters'), { withFileTypes: true }).filter(
      (d) => d.isDirectory() && d.name !== 'cognito',
    )) {
      const source = readFileSync(join(root, 'adapters', dir.name, 'client.ts'), 'utf8');
      expect(source, dir.name).toMatch(/extends ProviderHttpClient/);
    }
  });
});
