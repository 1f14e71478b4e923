import { type ArgumentsHost, Catch, type ExceptionFilter, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, type DomainErrorKind } from '../event-sourcing/domain-error';

const STATUS: Record<DomainErrorKind, HttpStatus> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
};

/** Answers a domain error as {success:false, message, statusCode, error}. */
@Catch(DomainError)
export class DomainErrorFilter implements ExceptionFilter<DomainError> {
  catch(exception: DomainError, host: ArgumentsHost): void {
    const statusCode = STATUS[exception.kind];
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(statusCode)
      .json({ success: false, message: exception.message, statusCode, error: exception.kind, ...exception.details });
  }
}
