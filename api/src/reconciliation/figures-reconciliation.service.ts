import { Injectable, Logger } from '@nestjs/common';

import { AudiosRepository } from '../audios/audios.repository';
import { CatalogFiguresRepository } from '../audios/catalog-figures.repository';
import { BeatsRepository } from '../beats/beats.repository';
import { TagsRepository } from '../tags/tags.repository';

/** One figure found wrong and set to its recount. */
export type Correction = { figure: string; of: string; stored: number; counted: number };

/**
 * A figure may move an instant after the mismatch was read (a write's second command); one
 * found wrong is checked again this much later, and corrected only if it is still wrong.
 */
const SETTLE_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Brings every derived figure back to its recount: a tag's used count (audios carrying it), an
 * audio's done-beat and ep-beat counts (its beats) and its approvals (done beats plus approved
 * templates). (The approvals page is no such figure: it reads the beats and templates themselves.)
 * Each is moved by a second command after the write that causes it, so a process
 * killed between the two leaves it wrong; this runs at start-up and on demand and logs what it
 * corrected. A correction is one conditional write: it lands only if the stored figure is still
 * the one found wrong.
 */
@Injectable()
export class FiguresReconciliationService {
  private readonly logger = new Logger('FiguresReconciliation');

  constructor(
    private readonly audios: AudiosRepository,
    private readonly figures: CatalogFiguresRepository,
    private readonly beats: BeatsRepository,
    private readonly tags: TagsRepository,
  ) {}

  async reconcile(): Promise<Correction[]> {
    const suspects = { tags: await this.wrongTags(), audios: await this.wrongAudios() };
    if (suspects.tags.length === 0 && suspects.audios.length === 0) return [];
    await sleep(SETTLE_MS);
    const corrections = [...(await this.correctTags(suspects.tags)), ...(await this.correctAudios(suspects.audios))];
    for (const c of corrections)
      this.logger.warn(`Corrected ${c.figure} of ${c.of}: stored ${c.stored}, counted ${c.counted}`);
    if (corrections.length > 0) this.logger.warn(`Reconciled the derived figures: ${corrections.length} corrected`);
    return corrections;
  }

  private async tagMismatches(): Promise<Correction[]> {
    const [stored, counted] = await Promise.all([this.tags.findUsedCounts(), this.audios.countAllTagUsage()]);
    return [...stored]
      .filter(([key, n]) => n !== (counted.get(key) ?? 0))
      .map(([key, n]) => ({ figure: 'used_count', of: `tag ${key}`, stored: n, counted: counted.get(key) ?? 0 }));
  }

  private async wrongTags(): Promise<string[]> {
    return (await this.tagMismatches()).map((c) => c.of);
  }

  private async correctTags(suspects: string[]): Promise<Correction[]> {
    if (suspects.length === 0) return [];
    const still = (await this.tagMismatches()).filter((c) => suspects.includes(c.of));
    const corrected: Correction[] = [];
    for (const c of still) {
      if (await this.tags.setUsedCountIf(c.of.slice('tag '.length), c.stored, c.counted)) corrected.push(c);
    }
    return corrected;
  }

  private async audioMismatches(ids?: string[]): Promise<Array<Correction & { id: string }>> {
    const [stored, done, ep] = await Promise.all([
      this.figures.findBeatFigures(ids),
      this.beats.countPerAudio({ done: true }, ids),
      this.beats.countPerAudio({ type: 'ep' }, ids),
    ]);
    const out: Array<Correction & { id: string }> = [];
    for (const a of stored) {
      const id = a.music_canonical_id;
      const beatsDone = done.get(id) ?? 0;
      const approved = (a.templates_approved_count ?? 0) + beatsDone;
      const figures: Array<[string, number, number]> = [
        ['beats_done_count', a.beats_done_count ?? 0, beatsDone],
        ['ep_template_count', a.ep_template_count ?? 0, ep.get(id) ?? 0],
        ['beat_and_template_approved', a.beat_and_template_approved ?? 0, approved],
      ];
      for (const [figure, s, c] of figures)
        if (s !== c) out.push({ id, figure, of: `audio ${id}`, stored: s, counted: c });
    }
    return out;
  }

  private async wrongAudios(): Promise<string[]> {
    return [...new Set((await this.audioMismatches()).map((c) => c.id))];
  }

  private async correctAudios(suspects: string[]): Promise<Correction[]> {
    if (suspects.length === 0) return [];
    const still = await this.audioMismatches(suspects);
    const corrected: Correction[] = [];
    for (const id of new Set(still.map((c) => c.id))) {
      const mine = still.filter((c) => c.id === id);
      const stored = Object.fromEntries(mine.map((c) => [c.figure, c.stored]));
      const counted = Object.fromEntries(mine.map((c) => [c.figure, c.counted]));
      if (await this.figures.setBeatFiguresIf(id, stored, counted))
        corrected.push(...mine.map(({ figure, of, stored: s, counted: n }) => ({ figure, of, stored: s, counted: n })));
    }
    return corrected;
  }
}
