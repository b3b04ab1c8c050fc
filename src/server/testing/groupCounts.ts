import type { GroupCounts } from '../platform/batching/groupCommit';

/** What a kind's group statements did since this call: `read` is its counts on the test's db. */
export function groupCountsSince(read: () => GroupCounts): () => GroupCounts {
  const before = read();
  return () => {
    const after = read();
    return {
      statements: after.statements - before.statements,
      done: after.done - before.done,
      failed: after.failed - before.failed,
    };
  };
}
