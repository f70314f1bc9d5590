import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (seconds on the 2-core CI machine, measured), longest first. On a fresh clone vitest
 * has no durations cached and starts the largest files first, which put the fuzzer's two five-line files (a minute
 * each) last: the run ended with them alone on the workers. Listed files start first in their group, in this order.
 */
export const SLOW_FILES = [
  'test/e2e/accessibility.test.ts',
  'test/e2e/long-text.test.ts',
  'test/local/fuzz/routes-shard-2.test.ts',
  'test/local/fuzz/routes.test.ts',
  'test/infra/stacks/stateless-stack.test.ts',
  'test/functions/account/delete-account.test.ts',
  'test/functions/strava/webhook-abuse.test.ts',
  'test/functions/google/sync.test.ts',
];

const rank = (file: TestSpecification, root: string): number => {
  const index = SLOW_FILES.indexOf(relative(root, file.moduleId).split('\\').join('/'));
  return index === -1 ? SLOW_FILES.length : index;
};

/** vitest's own order (group, then cached durations or size), except that the known slow files go first. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const groupOf = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    // Array.prototype.sort is stable: apart from the listed files, vitest's order stands.
    return sorted.sort((a, b) => groupOf(a) - groupOf(b) || rank(a, root) - rank(b, root));
  }
}
