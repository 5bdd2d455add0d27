import type { ValidationErrorEntry } from '@curator/shared/contract';
import { BadRequestException, UnprocessableEntityException } from '@nestjs/common';

/** 422 `{"detail": [{loc, msg, type}]}`. */
export function validationFailed(entries: ValidationErrorEntry[]): UnprocessableEntityException {
  return new UnprocessableEntityException({ detail: entries });
}

/** 422 for one field of the body, e.g. a username already taken. */
export function bodyFieldError(field: string, msg: string, type: string): UnprocessableEntityException {
  return validationFailed([{ loc: ['body', field], msg, type }]);
}

/** 400 with the list shape, for failures a form shows as 'location - message'. */
export function badRequestEntries(entries: ValidationErrorEntry[]): BadRequestException {
  return new BadRequestException({ detail: entries });
}
