import { describe, expect, it } from 'vitest';
import { createDemoApiClient } from '@/app/demo-api-client';
import { answersInOwnTasks } from '@/lib/demo/answers-in-own-tasks';

/** A next task the test releases by hand, so it can look between the call and the answer's work. */
function heldTasks() {
  const pending: (() => void)[] = [];
  return {
    nextTask: () => new Promise<void>((resolve) => pending.push(resolve)),
    pending: () => pending.length,
    release: () => pending.splice(0).forEach((resolve) => resolve()),
  };
}

describe('answersInOwnTasks', () => {
  it("starts each method's work in the next task, not in the caller's", async () => {
    const tasks = heldTasks();
    const ran: string[] = [];
    const api = answersInOwnTasks(
      {
        first: async () => void ran.push('first'),
        second: async () => void ran.push('second'),
      },
      tasks.nextTask,
    );

    const answers = Promise.all([api.first(), api.second()]);
    await Promise.resolve();
    expect(ran).toEqual([]);
    expect(tasks.pending()).toBe(2);

    tasks.release();
    await answers;
    expect(ran).toEqual(['first', 'second']);
  });

  it('passes the arguments in and the answer or the failure out, and keeps values that are not methods', async () => {
    const api = answersInOwnTasks(
      {
        traits: { findRidesTab: true },
        add: async (a: number, b: number) => a + b,
        fail: async () => {
          throw new Error('not found');
        },
      },
      async () => {},
    );

    expect(api.traits).toEqual({ findRidesTab: true });
    expect(await api.add(2, 3)).toBe(5);
    await expect(api.fail()).rejects.toThrow('not found');
  });

  it("is how the demo client answers: nothing of a screen's calls is computed in the task that made them", async () => {
    const tasks = heldTasks();
    const client = createDemoApiClient({ wait: tasks.nextTask, storage: window.sessionStorage });

    const answers = Promise.all([client.connections(), client.importJobs(), client.analysis('all')]);
    await Promise.resolve();
    expect(tasks.pending()).toBe(3);

    let settled = false;
    void answers.then(() => (settled = true));
    // The analysis computes in two tasks of its own: release until every answer is in.
    while (!settled) {
      tasks.release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const [connections, jobs, analysis] = await answers;
    expect(connections.connections.length).toBeGreaterThan(0);
    expect(jobs.jobs.length).toBeGreaterThan(0);
    expect(analysis.hasActivity).toBe(true);
  });
});
