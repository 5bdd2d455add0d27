import { deriveSegments } from '@curator/shared/domain';
import type { Db } from 'mongodb';

type Doc = Record<string, unknown>;

const isForbiddenKey = (key: string) => key.startsWith('$') || key.includes('.');

/** Paths of `$`-prefixed or dotted keys anywhere in a stored document. */
export function findForbiddenKeys(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object' || value instanceof Date) return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => findForbiddenKeys(v, `${path}[${i}]`));
  if ((value as { _bsontype?: string })._bsontype) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    isForbiddenKey(k) ? [`${path}.${k}`] : findForbiddenKeys(v, `${path}.${k}`),
  );
}

const isFiniteIn = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/**
 * Reads every collection and returns what breaks the stored-data rules: operator keys anywhere,
 * beats whose derived fields do not follow from their offsets, and audio counters that differ
 * from a recount.
 */
export async function findStoredGarbage(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const { name } of await db.listCollections().toArray()) {
    for (const doc of await db.collection(name).find({}).limit(20_000).toArray()) {
      for (const p of findForbiddenKeys(doc)) problems.push(`${name} ${String(doc._id)}: operator key ${p}`);
    }
  }
  const audios = new Map(
    (await db.collection('audios').find({}).toArray()).map((a) => [a.music_canonical_id as string, a as Doc]),
  );
  const beats = (await db.collection('beats').find({}).toArray()) as Doc[];
  const templates = (await db.collection('templates').find({}).toArray()) as Doc[];

  for (const b of beats) {
    const where = `beat ${String(b._id)}`;
    const audio = audios.get(b.music_canonical_id as string);
    if (!audio) problems.push(`${where}: no audio ${String(b.music_canonical_id)}`);
    if (typeof b.name !== 'string' || b.name.length > 200) problems.push(`${where}: bad name`);
    if (!Number.isInteger(b.version) || (b.version as number) < 0)
      problems.push(`${where}: bad version ${String(b.version)}`);
    const offsets = b.offsets as unknown[];
    if (!Array.isArray(offsets) || !offsets.every((o) => isFiniteIn(o, 0, 86_400))) {
      problems.push(`${where}: offsets outside the schema ${JSON.stringify(offsets)}`);
      continue;
    }
    if (!audio) continue;
    const derived = deriveSegments({
      offsetsS: offsets as number[],
      isOriginalSound: audio.is_original_sound === true,
      highlightStartTimesMs: (audio.highlight_start_times_in_ms as number[]) ?? [],
    });
    const stored = {
      offsets,
      segments_info: (b.segments_info as Doc[]).map((s) => ({ duration_in_ms: s.duration_in_ms })),
      starting_point_in_ms: b.starting_point_in_ms,
    };
    const want = {
      offsets: derived.boundariesS,
      segments_info: derived.segments_info,
      starting_point_in_ms: derived.starting_point_in_ms,
    };
    if (JSON.stringify(stored) !== JSON.stringify(want))
      problems.push(`${where}: derived fields ${JSON.stringify(stored)} ≠ ${JSON.stringify(want)}`);
  }
  for (const [id, a] of audios) {
    const done = beats.filter((b) => b.music_canonical_id === id && b.done === true).length;
    const approved = templates.filter((t) => t.music_canonical_id === id && t.approved === true).length;
    const ep = beats.filter((b) => b.music_canonical_id === id && b.type === 'ep').length;
    const counted = {
      beats_done_count: done,
      templates_approved_count: approved,
      beat_and_template_approved: done + approved,
      ep_template_count: ep,
    };
    const stored = {
      beats_done_count: a.beats_done_count,
      templates_approved_count: a.templates_approved_count,
      beat_and_template_approved: a.beat_and_template_approved,
      ep_template_count: a.ep_template_count,
    };
    if (JSON.stringify(counted) !== JSON.stringify(stored))
      problems.push(`audio ${id}: counters ${JSON.stringify(stored)} ≠ recount ${JSON.stringify(counted)}`);
    const tags = a.tags as unknown[];
    if (
      !Array.isArray(tags) ||
      !tags.every((x) => typeof x === 'string' && x.trim() === x && x.length > 0 && x.length <= 100)
    ) {
      problems.push(`audio ${id}: tags outside the schema ${JSON.stringify(tags)?.slice(0, 200)}`);
    }
  }
  for (const tag of (await db.collection('tags').find({}).toArray()) as Doc[]) {
    const text = tag.text;
    if (typeof text !== 'string' || text.trim() !== text || !text || text.length > 100)
      problems.push(`tag ${String(tag._id)}: bad text ${JSON.stringify(text)?.slice(0, 120)}`);
    const carriers = [...audios.values()].filter((a) =>
      ((a.tag_keys as string[]) ?? []).includes(tag.text_key as string),
    ).length;
    if (tag.used_count !== carriers)
      problems.push(`tag ${JSON.stringify(text)}: used_count ${String(tag.used_count)} ≠ ${carriers} audios`);
  }
  for (const user of (await db.collection('users').find({}).toArray()) as Doc[]) {
    if ('password' in user) problems.push(`user ${String(user.username)}: a clear password field`);
    if (typeof user.username !== 'string' || !/^[A-Za-z0-9@.+_-]{1,150}$/.test(user.username))
      problems.push(`user ${String(user._id)}: bad username`);
  }
  return problems;
}
