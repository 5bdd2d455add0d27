import { ERROR_MESSAGES } from '@curator/shared/contract';
import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';

import { validationFailed } from './api-errors';

/**
 * For a route that takes no body (`@Body(NothingExpected)`) or no query parameters
 * (`@Query(NothingExpected)`): any field is a 422 `extra_forbidden`, as on every other route.
 */
@Injectable()
export class NothingExpected implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): Record<string, never> {
    const where = metadata.type === 'query' ? 'query' : 'body';
    const keys = value && typeof value === 'object' ? Object.keys(value) : [];
    if (keys.length > 0)
      throw validationFailed(
        keys.map((key) => ({ loc: [where, key], msg: ERROR_MESSAGES.EXTRA_FORBIDDEN, type: 'extra_forbidden' })),
      );
    return {};
  }
}
