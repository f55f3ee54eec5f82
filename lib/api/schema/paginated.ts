import { z } from 'zod';

/** The limit/offset envelope (contract §2.6); `next`/`previous` are absolute URLs or null. */
export function paginated<Item extends z.ZodType>(item: Item) {
  return z.looseObject({
    count: z.int().nonnegative(),
    next: z.string().nullish(),
    previous: z.string().nullish(),
    results: z.array(item),
  });
}
export type Paginated<Item> = {
  count: number;
  next?: string | null;
  previous?: string | null;
  results: Item[];
};
