import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Parses a request part with a contracts schema; a bad value answers 400 {success:false, message}. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const message = issue ? issue.message : 'Invalid request';
    throw new BadRequestException({ success: false, message, statusCode: 400, error: 'Bad Request' });
  }
}
