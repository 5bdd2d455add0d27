import type { Metric } from '@curator/shared/contract';
import { sumApprovals } from '@curator/shared/domain';
import { Injectable } from '@nestjs/common';

import { JobsService } from '../analysis/jobs/jobs.service';
import { AudiosService } from '../audios/audios.service';
import { BeatsRepository } from '../beats/beats.repository';
import { TagsRepository } from '../tags/tags.repository';
import { UsersRepository } from '../users/users.repository';
import { MetricsRepository } from './metrics.repository';

/** Keys of GET /api/metrics/, in the order the screen lists them. */
export const METRIC_KEYS = [
  'audios',
  'templates',
  'templates_available',
  'reels',
  'beats',
  'approvals',
  'approved_templates',
  'done_beats',
  'users',
  'tags',
  'analysis_jobs_queued',
  'analysis_jobs_running',
  'analysis_jobs_failed',
  'database_size_bytes',
  'database_size',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** Bytes as a short human reading, e.g. '42.3 MB'. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Live figures, computed on every request (docs/rules.md "Reports"). */
@Injectable()
export class MetricsService {
  constructor(
    private readonly metrics: MetricsRepository,
    private readonly audios: AudiosService,
    private readonly beats: BeatsRepository,
    private readonly users: UsersRepository,
    private readonly tags: TagsRepository,
    private readonly jobs: JobsService,
  ) {}

  async list(): Promise<Metric[]> {
    // Audio, reel and template figures add up what each audio carries (the catalog recount keeps
    // them): counting the large collections themselves means a full scan on the embedded database.
    const [catalog, beats, doneBeats, users, tags, jobs, size] = await Promise.all([
      this.audios.catalogTotals(),
      this.beats.countAll(),
      this.beats.countAllDone(),
      this.users.countAll(),
      this.tags.countAll(),
      this.jobs.countByStatus(),
      this.metrics.databaseSize(),
    ]);
    const [queued, running, failed] = [jobs.queued, jobs.running, jobs.failed];
    const approvedTemplates = catalog.templates_approved;
    const values: Record<MetricKey, Metric['value']> = {
      audios: catalog.audios,
      templates: catalog.templates,
      templates_available: catalog.templates_available,
      reels: catalog.reels,
      beats,
      approvals: sumApprovals({ templates_approved: approvedTemplates, beats_done: doneBeats }),
      approved_templates: approvedTemplates,
      done_beats: doneBeats,
      users,
      tags,
      analysis_jobs_queued: queued,
      analysis_jobs_running: running,
      analysis_jobs_failed: failed,
      database_size_bytes: size.bytes,
      database_size: size.bytes === null ? 'unavailable' : formatBytes(size.bytes),
    };
    return METRIC_KEYS.map((key) => ({ key, value: values[key] }));
  }
}
