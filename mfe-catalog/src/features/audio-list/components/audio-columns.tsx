import { ExportOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  APPROVED_COUNT_TOOLTIP,
  type AudioListItem,
  AVAILABLE_COUNT_TOOLTIP,
  TEMPLATES_LINK_TOOLTIP,
  workspacePath,
} from '@curator/shared';
import { TagEditor, warmPeaks } from '@curator/shared/ui';
import { Tag as AntTag } from 'antd';
import type { ColumnsType } from 'antd/es/table';

import { formatDateTime } from '../../../lib/datetime-local';
import { buildPlatformAudioUrl, buildTemplatesListPath } from '../../../lib/platform-links';
import { IN_APP_LINK } from '../hooks/use-in-app-links';
import { HoverTip } from './hover-tip';
import { LockStateIcon } from './lock-state-icon';
import { QuickTagButtons } from './quick-tag-buttons';
import { RowPlayer } from './row-player';

/** Date only, with the full local time on hover. */
function FirstSeen({ iso }: { iso: string | null }) {
  const text = formatDateTime(iso);
  return <HoverTip title={text}>{text.slice(0, 10)}</HoverTip>;
}

const TREND_COLORS: Record<string, string> = { trending: 'green', emerging: 'blue', hyper: 'magenta' };
const count = (width: number) => ({ width, align: 'right' as const });

/** The workspace draws the waveform from the peaks file first: reaching the link starts loading it into the HTTP cache. */
function AudioLink({ audio }: { audio: AudioListItem }) {
  const warm = audio.peaks_url ? () => warmPeaks(audio.peaks_url!) : undefined;
  return (
    <a
      {...IN_APP_LINK}
      href={workspacePath(audio.id)}
      className="audio-name"
      onPointerEnter={warm}
      onFocus={warm}
      onPointerDown={warm}
    >
      {audio.audio_name || audio.id}
    </a>
  );
}

/**
 * Columns of the audio table, in the order of docs/screens.md; widths sum to what a 1400 px screen
 * shows. Cells are plain elements until reached: tooltips, tag editors and menus mount on interaction,
 * and the in-app links are plain anchors that the table's one listener follows (useInAppLinks).
 */
export const AUDIO_COLUMNS: ColumnsType<AudioListItem> = [
  {
    title: 'Audio',
    key: 'audio_name',
    width: 140,
    ellipsis: true,
    render: (_, audio) => <AudioLink audio={audio} />,
  },
  { title: 'Artist', dataIndex: 'artist_name', key: 'artist_name', width: 96, ellipsis: true },
  {
    title: 'Player',
    key: 'player',
    width: 144,
    render: (_, audio) =>
      audio.media ? <RowPlayer audio={{ ...audio, media: audio.media }} /> : <span className="no-media">no media</span>,
  },
  { title: 'OS', key: 'is_original_sound', width: 44, render: (_, audio) => (audio.is_original_sound ? 'yes' : 'no') },
  {
    title: 'Approved count',
    key: 'approved',
    ...count(72),
    render: (_, audio) => (
      <HoverTip title={APPROVED_COUNT_TOOLTIP}>
        <span className="approved-count">{audio.beat_and_template_approved}</span>
      </HoverTip>
    ),
  },
  {
    title: 'Available templates',
    key: 'template_count_available',
    ...count(72),
    render: (_, audio) => (
      <span>
        <HoverTip title={AVAILABLE_COUNT_TOOLTIP}>
          <span className="available-count">{audio.template_count_available}</span>
        </HoverTip>{' '}
        <HoverTip title={TEMPLATES_LINK_TOOLTIP}>
          <a
            {...IN_APP_LINK}
            href={buildTemplatesListPath(audio.id)}
            className="templates-link"
            aria-label={`templates of ${audio.audio_name} not approved yet`}
          >
            <UnorderedListOutlined />
          </a>
        </HoverTip>
      </span>
    ),
  },
  { title: 'Reel count', dataIndex: 'reel_count', key: 'reel_count', ...count(60) },
  { title: 'EP count', key: 'ep_count', ...count(48), render: (_, audio) => audio.eps.length },
  { title: 'EP template count', dataIndex: 'ep_template_count', key: 'ep_template_count', ...count(76) },
  {
    title: 'Trend list',
    key: 'trendlist',
    width: 88,
    render: (_, audio) =>
      audio.trendlist ? <AntTag color={TREND_COLORS[audio.trendlist]}>{audio.trendlist}</AntTag> : '—',
  },
  {
    title: 'First seen',
    key: 'first_seen_at',
    width: 92,
    render: (_, audio) => <FirstSeen iso={audio.first_seen_at} />,
  },
  {
    title: 'Lock',
    key: 'locked',
    width: 44,
    align: 'center',
    render: (_, audio) => <LockStateIcon locked={audio.locked} lockedBy={audio.locked_by} />,
  },
  {
    title: 'Link',
    key: 'platform',
    width: 44,
    align: 'center',
    render: (_, audio) => (
      <a
        href={buildPlatformAudioUrl(audio.audio_id)}
        target="_blank"
        rel="noreferrer noopener"
        aria-label="open on the platform"
      >
        <ExportOutlined />
      </a>
    ),
  },
  {
    title: 'Quick tags',
    key: 'quick_tags',
    width: 204,
    render: (_, audio) => <QuickTagButtons audioId={audio.id} tags={audio.tags} />,
  },
  {
    title: 'Tags',
    key: 'tags',
    width: 150,
    render: (_, audio) => <TagEditor audioId={audio.id} tags={audio.tags} width={134} deferred />,
  },
];
