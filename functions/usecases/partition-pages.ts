import type { IndexKey, IndexPage, IndexPartition } from '../repositories/partner-index';

/**
 * How many partitions a near search has in flight at once: a place has up to a dozen neighbours within NEAR_KM, and
 * four at a time waits about one round trip per four of them, while a page that fills early wastes at most three
 * small reads.
 */
export const PARALLEL_PARTITION_READS = 4;

type ReadPage = (partition: IndexPartition, startKey: IndexKey | null, limit: number) => Promise<IndexPage>;

/** A cursor that says "from the start of this partition" (every entry's sort key is longer than the bare prefix). */
const PARTITION_START_SK = 'USER#';

export function partitionStart(partition: IndexPartition): IndexKey {
  return partition.index === 'gsi1'
    ? { pk: partition.partitionKey, sk: PARTITION_START_SK, gsi1pk: partition.partitionKey, gsi1sk: PARTITION_START_SK }
    : { pk: partition.partitionKey, sk: PARTITION_START_SK };
}

export function isPartitionStart(key: IndexKey): boolean {
  return key.sk === PARTITION_START_SK;
}

export interface OrderedPage<T> {
  entries: IndexPage['entries'];
  /** What the caller made of the entries while later pages were still on their way. */
  prepared: T;
  /** Where the next page starts (a cursor), or null after the last partition. */
  after: IndexKey | null;
}

/**
 * The pages of `partitions` in cursor order — each partition to its end before the next — from `startKey` in
 * partition `turn`. The first page is read alone (most searches fill from it); once the search asks for more, the
 * first pages of the next few partitions are read alongside, and `prepare` runs on each page as it arrives.
 * Every read's Limit is taken from `budget` when it is sent and what a partition did not use is given back, so
 * no more than `budget` entries are ever read; `next()` is null once the budget cannot pay for the next page.
 */
export function orderedPartitionPages<T>(options: {
  partitions: readonly IndexPartition[];
  turn: number;
  startKey: IndexKey | null;
  pageSize: number;
  budget: number;
  read: ReadPage;
  prepare: (entries: IndexPage['entries']) => Promise<T>;
}) {
  const { partitions, pageSize, read, prepare } = options;
  let unspent = options.budget;
  let position: { turn: number; key: IndexKey | null } | null = { turn: options.turn, key: options.startKey };
  let asked = 0;
  const aheadFirstPages = new Map<number, Promise<{ page: IndexPage; prepared: T }> | null>();

  const send = (turn: number, key: IndexKey | null) => {
    const limit = Math.min(pageSize, unspent);
    if (limit <= 0) return null;
    unspent -= limit;
    return read(partitions[turn]!, key, limit).then(async (page) => {
      unspent += limit - page.entries.length;
      return { page, prepared: await prepare(page.entries) };
    });
  };

  const readAhead = (after: number) => {
    for (let turn = after + 1; turn < partitions.length && turn < after + PARALLEL_PARTITION_READS; turn++) {
      if (aheadFirstPages.has(turn)) continue;
      const page = send(turn, null);
      // A page read ahead may never be awaited (the search filled first); its failure must not go unhandled.
      page?.catch(() => undefined);
      aheadFirstPages.set(turn, page);
    }
  };

  return {
    async next(): Promise<OrderedPage<T> | null> {
      if (!position) return null;
      const { turn, key } = position;
      const ahead = key === null ? aheadFirstPages.get(turn) : undefined;
      aheadFirstPages.delete(turn);
      const wanted = ahead ?? send(turn, key);
      if (asked++ > 0) readAhead(turn);
      if (!wanted) return null;
      const { page, prepared } = await wanted;
      if (page.lastKey) position = { turn, key: page.lastKey };
      else position = turn + 1 < partitions.length ? { turn: turn + 1, key: null } : null;
      const after = page.lastKey ?? (position ? partitionStart(partitions[position.turn]!) : null);
      return { entries: page.entries, prepared, after };
    },
    /** Where the search stands: a cursor for the page `next()` would read, or null when nothing is left. */
    get resumeAt(): IndexKey | null {
      if (!position) return null;
      return position.key ?? partitionStart(partitions[position.turn]!);
    },
  };
}
