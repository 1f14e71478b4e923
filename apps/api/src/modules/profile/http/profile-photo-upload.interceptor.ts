import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { PROFILE_PHOTO_FIELD, PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_MESSAGES } from '@teaminbox/contracts';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';
import { DomainError } from '../../../platform/event-sourcing';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
}).single(PROFILE_PHOTO_FIELD);

function messageOf(error: unknown): string {
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return PROFILE_PHOTO_MESSAGES.tooLarge;
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT')
      return PROFILE_PHOTO_MESSAGES.missing;
    return `Invalid upload: ${error.message}`;
  }
  return 'Invalid upload: the form could not be read';
}

/**
 * Reads a multipart form with one file in the field `file` into memory, at most 5 MB (multer stops reading beyond);
 * any problem answers 400 with a clear message instead of multer's own status.
 */
@Injectable()
export class ProfilePhotoUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (!request.is('multipart/form-data')) throw new DomainError('invalid', PROFILE_PHOTO_MESSAGES.missing);
    await new Promise<void>((resolve, reject) =>
      upload(request, http.getResponse<Response>(), (error: unknown) =>
        error ? reject(new DomainError('invalid', messageOf(error))) : resolve(),
      ),
    );
    return next.handle();
  }
}
