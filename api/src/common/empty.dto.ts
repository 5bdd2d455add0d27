import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** A route that takes no body: any field is a 422 `extra_forbidden`, as on every other route. */
export class NoBodyDto extends createZodDto(z.strictObject({})) {}

/** A route that takes no query parameters: any one is a 422 `extra_forbidden`. */
export class NoQueryDto extends createZodDto(z.strictObject({})) {}
