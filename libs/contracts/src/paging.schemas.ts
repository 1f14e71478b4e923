import { z } from 'zod';

/** The `size` of a paged list: its default, its largest value and the messages of a size out of range. */
export interface PageSizeLimits {
  default: number;
  max: number;
  belowOne: string;
  aboveMax: string;
}

/** The `page` (from 0) and `size` query parameters of a paged GET, coerced from the query string. */
export function pageQueryShape(size: PageSizeLimits) {
  return {
    page: z.coerce
      .number('page must be a number')
      .int('page must be a whole number')
      .min(0, 'page must be 0 or more')
      .default(0),
    size: z.coerce
      .number('size must be a number')
      .int('size must be a whole number')
      .min(1, size.belowOne)
      .max(size.max, size.aboveMax)
      .default(size.default),
  };
}
