import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  overrides?: Record<string, string | Record<string, string>>;
};
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<
    string,
    {
      version?: string;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    }
  >;
};
const direct = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies };

/** x.y.z with an optional pre-release; no ranges, tags, URLs or workspaces. */
const EXACT_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
/** An npm alias (`"typescript-7": "npm:typescript@7.0.2"`, a second version of a package beside the first). */
const ALIAS = /^npm:(@?[^@/]+(?:\/[^@]+)?)@(.+)$/;
/** The version a dependency's spec pins: the spec itself, or an alias's version (npm locks and lists it so). */
const pinnedVersion = (spec: string) => ALIAS.exec(spec)?.[2] ?? spec;

describe('dependencies', () => {
  it.each(Object.entries(direct))('%s is pinned to an exact version (%s)', (_name, spec) => {
    expect(pinnedVersion(spec)).toMatch(EXACT_VERSION);
  });

  it('overrides pin exact versions too (they replace upstream tags such as "latest")', () => {
    const values = Object.values(pkg.overrides ?? {}).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v)));
    for (const version of values) expect(version).toMatch(EXACT_VERSION);
  });

  it('package-lock.json is in sync with package.json: same direct dependencies, and each locked at its pin', () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(3);
    const root = lock.packages[''];
    expect(root?.dependencies ?? {}).toEqual(pkg.dependencies);
    expect(root?.devDependencies ?? {}).toEqual(pkg.devDependencies);
    expect(root?.optionalDependencies ?? {}).toEqual(pkg.optionalDependencies ?? {});
    for (const [name, spec] of Object.entries(direct))
      expect({ name, locked: lock.packages[`node_modules/${name}`]?.version }).toEqual({
        name,
        locked: pinnedVersion(spec),
      });
  });

  // The whole tree: npm 11's `--omit dev` SBOM leaves out react and react-dom (both also peers of other packages).
  it('`npm run sbom` produces a CycloneDX SBOM listing every direct dependency at its pinned version', () => {
    const sbom = JSON.parse(
      execFileSync('npm', ['sbom', '--sbom-format', 'cyclonedx'], {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }),
    ) as {
      bomFormat: string;
      components: { name: string; group?: string; version: string }[];
    };
    expect(sbom.bomFormat).toBe('CycloneDX');
    const listed = new Set(sbom.components.map((c) => `${c.group ? `${c.group}/` : ''}${c.name}@${c.version}`));
    for (const [name, spec] of Object.entries(direct))
      expect(listed, `${name}@${spec}`).toContain(`${name}@${pinnedVersion(spec)}`);
    // npm reads the whole tree: over a minute on a busy 2-core machine.
  }, 240_000);
});

/**
 * Secrets that must never be committed. The allow-list holds the documented fakes: the simulators' client secrets
 * (docs/providers.md: the simulators) and a test's sentinel; add to it only values that are public by design.
 */
const SECRET_PATTERNS: [string, RegExp][] = [
  ['a private key', /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY(?: BLOCK)?-----/],
  ['an AWS access key id', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['an AWS secret access key', /aws_?secret_?access_?key['"]?\s*[:=]\s*['"]?[A-Za-z0-9/+=]{40}\b/i],
  ['a Google OAuth client secret', /GOCSPX-[A-Za-z0-9_-]{16,}/],
  ['a GitHub token', /\bgh[pousr]_[A-Za-z0-9]{30,}/],
  ['a Slack token', /\bxox[baprs]-[A-Za-z0-9-]{10,}/],
  ['a Stripe live key', /\b[sr]k_live_[0-9A-Za-z]{20,}/],
  [
    'a secret or token in a literal',
    /(?:secret|api_?key|private_?key|access_?token|refresh_?token)['"]?\s*[:=]\s*['"]([A-Za-z0-9+/=_.-]{16,})['"]/i,
  ],
];
const ALLOWED_VALUES = [
  'strava-simulator-secret',
  'GOCSPX-google-simulator-secret',
  'must-not-be-stored',
  // the Stripe simulator's own key and webhook secret (docs/billing.md); Stripe's real test keys are longer
  'sk_test_trailbuddy_simulator',
  'whsec_trailbuddy_simulator',
];

function repositoryFiles(): string[] {
  // Tracked files plus new ones not ignored yet: what the next commit could contain.
  const list = (args: string[]) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter(Boolean);
  return [...new Set([...list(['ls-files']), ...list(['ls-files', '--others', '--exclude-standard'])])].sort();
}

describe('no secrets in the repository', () => {
  const files = repositoryFiles();

  it('has no .env files (only .env.example may be committed)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((file) => /(^|\/)\.env(\.|$)/.test(file) && !file.endsWith('.env.example'))).toEqual([]);
  });

  it('has no private keys, cloud keys, client secrets or tokens in any file', () => {
    const findings: string[] = [];
    for (const file of files) {
      if (file === 'package-lock.json') continue; // integrity hashes, not secrets
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      if (text.includes('\u0000')) continue; // binary
      text.split('\n').forEach((line, index) => {
        for (const [what, pattern] of SECRET_PATTERNS) {
          const match = pattern.exec(line);
          if (!match) continue;
          const value = match[1] ?? match[0];
          if (ALLOWED_VALUES.some((allowed) => value.includes(allowed) || match[0].includes(allowed))) continue;
          findings.push(`${file}:${index + 1}: ${what}`);
        }
      });
    }
    expect(findings).toEqual([]);
  });

  it('would catch each kind of secret (the patterns are not dead)', () => {
    const samples = [
      `-----BEGIN RSA ${'PRIVATE KEY'}-----`,
      `AKIA${'ABCDEFGHIJKLMNOP'}`,
      `aws_secret_access_key = ${'a'.repeat(40)}`,
      `GOCSPX-${'x'.repeat(28)}`,
      `ghp_${'a'.repeat(36)}`,
      `xoxb-${'1'.repeat(12)}`,
      `sk_live_${'a'.repeat(24)}`,
      `clientSecret: '${'s3cr3t'.repeat(4)}'`,
    ];
    for (const sample of samples)
      expect(
        SECRET_PATTERNS.some(([, pattern]) => pattern.test(sample)),
        sample,
      ).toBe(true);
  });
});
