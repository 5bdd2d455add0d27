import { type BeatImage, BeatImageSchema, ERROR_MESSAGES } from '@curator/shared/contract';
import { Controller, Get, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

import { NothingExpected } from '../common/empty.dto';
import { BEAT_IMAGE_NAME, BeatImagesService } from './beat-images.service';

class BeatImageDto extends createZodDto(BeatImageSchema) {}
class BeatImageParamsDto extends createZodDto(
  z.strictObject({ name: z.string().regex(BEAT_IMAGE_NAME, 'Enter an image name like beat-01.svg') }),
) {}

@ApiTags('beats')
@Controller('beatimages')
export class BeatImagesController {
  constructor(private readonly images: BeatImagesService) {}

  @Get()
  @ApiOkResponse({ type: [BeatImageDto] })
  list(@Query(NothingExpected) _query: object): BeatImage[] {
    return this.images.list();
  }

  /** The image itself; like every /api route it needs a session, and the browser may keep it a day. */
  @Get(':name')
  file(@Param() params: BeatImageParamsDto, @Res() res: Response): void {
    const path = this.images.resolve(params.name);
    if (!path) throw new NotFoundException(ERROR_MESSAGES.NOT_FOUND);
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.type('image/svg+xml').sendFile(path);
  }
}
