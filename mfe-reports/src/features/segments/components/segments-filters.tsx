import { AUDIO_FILTER_LABELS, CLEAR_BUTTON, FILTER_BUTTON } from '@curator/shared';
import { Button, InputNumber, Space } from 'antd';
import { type FormEvent, useState } from 'react';

import type { SegmentFilterKey, SegmentFilters } from '../segments-search';

type SegmentsFiltersProps = {
  filters: SegmentFilters;
  onFilter: (filters: SegmentFilters) => void;
  onClear: () => void;
};

const FIELDS: Array<[SegmentFilterKey, string]> = [
  ['reel_count_min', `${AUDIO_FILTER_LABELS.reelCount} min`],
  ['reel_count_max', `${AUDIO_FILTER_LABELS.reelCount} max`],
  ['template_clips_count_min', `${AUDIO_FILTER_LABELS.templateClipsCount} min`],
  ['template_clips_count_max', `${AUDIO_FILTER_LABELS.templateClipsCount} max`],
];

/** Reel-count and template-clips-count bounds (inclusive, whole numbers), Filter and Clear. */
export function SegmentsFilters({ filters, onFilter, onClear }: SegmentsFiltersProps) {
  const [draft, setDraft] = useState<SegmentFilters>(filters);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onFilter(draft);
  };
  return (
    <form onSubmit={handleSubmit} className="report-filters" aria-label="Segment filters">
      <Space wrap align="end">
        {FIELDS.map(([key, label]) => (
          <label className="report-field" key={key}>
            <span>{label}</span>
            <InputNumber<number>
              aria-label={label}
              min={0}
              precision={0}
              value={draft[key] ?? null}
              onChange={(value) => setDraft({ ...draft, [key]: value ?? undefined })}
            />
          </label>
        ))}
        <Button type="primary" htmlType="submit">
          {FILTER_BUTTON}
        </Button>
        <Button onClick={onClear}>{CLEAR_BUTTON}</Button>
      </Space>
    </form>
  );
}
