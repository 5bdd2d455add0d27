// The web bench's floor page: React alone asks for the audio list's first page, as /audios/ does first, and shows
// its first screenful of rows as plain text cells. No shell, screens, Module Federation, router, store or antd: the
// time it takes is what this machine and browser need for any React page to show those rows, the floor under
// /audios/'s own figure. Bundled by scripts/bench-web.mjs; never part of the product.
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** The request /audios/ starts with (its page head preloads it), and the rows a 1000-px window shows. */
const FIRST_PAGE = '/api/audio/?skip=0&sort_by=created_at&sort_dir=desc';
const FIRST_ROWS = 18;
const COLUMNS = [
  'audio_name',
  'artist_name',
  'media',
  'is_original_sound',
  'beat_and_template_approved',
  'template_count_available',
  'reel_count',
  'ep_template_count',
  'trendlist',
  'first_seen_at',
  'locked',
  'audio_id',
  'tags',
];

const firstPage = fetch(FIRST_PAGE, { credentials: 'same-origin' }).then((res) => res.json());
const cell = (audio, key) => h('td', { key }, audio[key] == null ? '' : String(audio[key]));
const row = (audio) =>
  h(
    'tr',
    { key: audio.id, 'data-row-key': audio.id },
    COLUMNS.map((key) => cell(audio, key)),
  );

function FloorPage() {
  const [audios, setAudios] = useState(null);
  useEffect(() => {
    firstPage.then((page) => setAudios(page.results.slice(0, FIRST_ROWS)));
  }, []);
  if (!audios) return h('p', null, 'Loading');
  return h('div', { 'data-testid': 'audio-table' }, h('table', null, h('tbody', null, audios.map(row))));
}

createRoot(document.getElementById('root')).render(h(FloorPage));
