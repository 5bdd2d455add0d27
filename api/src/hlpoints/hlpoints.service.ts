import { Injectable } from '@nestjs/common';
import type { HlPoint, HlPointTop } from '@curator/shared/contract';
import { TemplateApprovalsService } from '../templates/template-approvals.service';

/** Distinct start times listed at most; highlight times cluster on a handful of values. */
export const HL_POINTS_LIMIT = 100;

/** Template start times, counted, most frequent first (behaviour.md "HL points"). */
@Injectable()
export class HlPointsService {
  constructor(private readonly templates: TemplateApprovalsService) {}

  async list(): Promise<HlPoint[]> {
    const counts = await this.templates.countStartTimes(HL_POINTS_LIMIT);
    return Promise.all(
      counts.map(async ({ startMs, count }) => {
        const updatedAt = await this.templates.findNewestCreatedAt(startMs);
        return { audio_asset_start_time_in_ms: startMs, count, updated_at: updatedAt ? updatedAt.toISOString() : null };
      }),
    );
  }

  /** The first row of the list: the default highlight, null when there is no template. */
  async top(): Promise<HlPointTop> {
    const [first] = await this.templates.countStartTimes(1);
    return { audio_asset_start_time_in_ms: first?.startMs ?? null };
  }
}
