import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/constructs/paths';
import { filesUnder } from '../support/files-under';

/**
 * Someone with only the repository must be able to follow every reference: each link in the README and docs/ names a
 * file that exists, and each "design §N" or "spec core-app §N" in the source names a section those documents have.
 */
const root = REPO_ROOT;

const markdown = [join(root, 'README.md'), ...filesUnder(join(root, 'docs'), (name) => name.endsWith('.md'))];
const source = ['functions', 'web/src', 'infra', 'test', 'bench'].flatMap((dir) =>
  existsSync(join(root, dir)) ? filesUnder(join(root, dir), (name) => /\.(ts|tsx|css)$/.test(name)) : [],
);

/** The numbered sections a document has: "## 1. Product decisions" and "## 7. Trip plans" give 1 and 7. */
function sectionNumbers(document: string): Set<string> {
  const text = readFileSync(join(root, document), 'utf8');
  return new Set([...text.matchAll(/^#+\s+(?:§\s*)?(\d+)[.)\s]/gm)].map((match) => match[1]!));
}

describe('references a reader can follow', () => {
  it('every relative link in the README and docs/ names a file that exists', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      const text = readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target!)) continue;
        const path = resolve(dirname(file), target!.split('#')[0]!);
        if (!existsSync(path)) broken.push(`${relative(root, file)} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every "design §N" and "spec … §N" in the source names a section of a document in docs/', () => {
    const documents: Record<string, Set<string>> = {
      design: sectionNumbers('docs/design.md'),
      'spec core-app': sectionNumbers('docs/spec/core-app.md'),
      'spec health-connections': sectionNumbers('docs/spec/health-connections.md'),
    };
    const dangling: string[] = [];
    let references = 0;
    for (const file of source) {
      const text = readFileSync(file, 'utf8');
      for (const [whole, name, section] of text.matchAll(/\b(design|spec core-app|spec health-connections) §(\d+)/g)) {
        references += 1;
        if (!documents[name!]!.has(section!)) dangling.push(`${relative(root, file)}: ${whole}`);
      }
      for (const [whole] of text.matchAll(/\bDESIGN §\d+/g)) dangling.push(`${relative(root, file)}: ${whole}`);
    }
    expect(references).toBeGreaterThan(0);
    expect(dangling).toEqual([]);
  });
});
