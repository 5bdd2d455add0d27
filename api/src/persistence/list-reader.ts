import type { ListIndexMode } from './list-index-mode';
import { MemoryListIndex, type MemoryListPage, type MemoryListSource } from './memory-list-index';
import type { SortSpec } from './sort-order';

/**
 * A list that features read without knowing the engine: where lists are kept in memory (the
 * embedded database) it answers from its MemoryListIndex, else from the database read it is given.
 */
export class ListReader<Row> extends MemoryListIndex<Row> {
  constructor(
    source: MemoryListSource<Row>,
    private readonly mode: ListIndexMode,
  ) {
    super(source);
  }

  /** One page of the rows matching `filter` in `sort` order, and how many match. */
  async pageOr<R>(
    filter: Record<string, unknown>,
    sort: SortSpec,
    skip: number,
    limit: number,
    fromDatabase: () => Promise<MemoryListPage<R>>,
  ): Promise<MemoryListPage<Row | R>> {
    return (await this.mode.usesMemory()) ? this.page(filter, sort, skip, limit) : fromDatabase();
  }

  /** The rows matching `filter`, in no particular order. */
  async matchingOr<R>(
    filter: Record<string, unknown>,
    pick: (row: Row) => R,
    fromDatabase: () => Promise<R[]>,
  ): Promise<R[]> {
    return (await this.mode.usesMemory()) ? (await this.matching(filter)).map(pick) : fromDatabase();
  }

  /** Every row, or what `fromDatabase` reads of each. */
  async everyOr<R>(fromDatabase: () => Promise<R[]>): Promise<Iterable<Row | R>> {
    return (await this.mode.usesMemory()) ? this.allRows() : fromDatabase();
  }

  /** Loads the in-memory list ahead of the first request, where lists are kept in memory. */
  async warm(): Promise<void> {
    if (await this.mode.usesMemory()) await this.catchUp();
  }
}
