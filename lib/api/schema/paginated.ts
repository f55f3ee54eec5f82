import { z } from 'zod/mini';

/** The limit/offset envelope (contract §2.6); `next`/`previous` are absolute URLs or null. */
export function paginated<Item extends z.ZodMiniType>(item: Item) {
  return z.looseObject({
    count: z.int().check(z.nonnegative()),
    next: z.nullish(z.string()),
    previous: z.nullish(z.string()),
    results: z.array(item),
  });
}
export type Paginated<Item> = {
  count: number;
  next?: string | null;
  previous?: string | null;
  results: Item[];
};
