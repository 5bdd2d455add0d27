import {
  ALL_OPTION_LABEL,
  AUDIO_FILTER_LABELS,
  AUDIO_SEARCH_PLACEHOLDER,
  AUDIO_SORT_FIELDS,
  AUDIO_TYPE_FILTERS,
  AUDIO_TYPE_OPTION_LABELS,
  type AudioFilters,
  CLEAR_BUTTON,
  FILTER_BUTTON,
  RANGE_KEYS,
  SELECT_MENU_MAX_HEIGHT_PX,
  SELECT_PLACEHOLDER,
  SORT_BY_OPTION_LABELS,
  SORT_DIR_OPTION_LABELS,
  SORT_DIRECTIONS,
  TREND_LIST_FILTERS,
  useListTagsQuery,
  YES_OPTION_LABEL,
} from '@curator/shared';
import { AppSelect } from '@curator/shared/ui';
import { Button, Form, Input } from 'antd';

import { fromDatetimeLocalValue, toDatetimeLocalValue } from '../../../lib/datetime-local';
import { RangeFilterItem } from './range-filter-item';

type RangeKey = (typeof RANGE_KEYS)[number];
/** As the boxes hold them: dates as datetime-local text, bounds as typed. */
type FormValues = Omit<AudioFilters, 'created_from' | 'created_to' | RangeKey> & {
  created_from: string;
  created_to: string;
} & Partial<Record<RangeKey, string>>;

const rangeTexts = (filters: AudioFilters) =>
  Object.fromEntries(RANGE_KEYS.map((key) => [key, filters[key] === undefined ? '' : String(filters[key])])) as Record<
    RangeKey,
    string
  >;
const rangeCounts = (values: FormValues) =>
  Object.fromEntries(
    RANGE_KEYS.map((key) => [key, values[key]?.trim() ? Number(values[key].trim()) : undefined]),
  ) as Record<RangeKey, number | undefined>;

const AUDIO_TYPE_OPTIONS = AUDIO_TYPE_FILTERS.map((value) => ({ value, label: AUDIO_TYPE_OPTION_LABELS[value] }));
const TREND_LIST_OPTIONS = TREND_LIST_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? ALL_OPTION_LABEL : value,
}));
const ALL_OR_YES_OPTIONS = [
  { value: false, label: ALL_OPTION_LABEL },
  { value: true, label: YES_OPTION_LABEL },
];
const SORT_BY_OPTIONS = AUDIO_SORT_FIELDS.map((value) => ({ value, label: SORT_BY_OPTION_LABELS[value] }));
const SORT_DIR_OPTIONS = SORT_DIRECTIONS.map((value) => ({ value, label: SORT_DIR_OPTION_LABELS[value] }));

type AudioFiltersFormProps = { filters: AudioFilters; onFilter: (filters: AudioFilters) => void; onClear: () => void };

/** The filters (docs/screens.md) above the audio table; nothing is applied until Filter is pressed. */
export function AudioFiltersForm({ filters, onFilter, onClear }: AudioFiltersFormProps) {
  const { data: tags } = useListTagsQuery();
  const initialValues: FormValues = {
    ...filters,
    ...rangeTexts(filters),
    created_from: toDatetimeLocalValue(filters.created_from),
    created_to: toDatetimeLocalValue(filters.created_to),
  };

  function handleFinish(values: FormValues) {
    onFilter({
      ...values,
      ...rangeCounts(values),
      q: values.q?.trim() || undefined,
      tags: values.tags ?? [],
      created_from: fromDatetimeLocalValue(values.created_from),
      created_to: fromDatetimeLocalValue(values.created_to),
    });
  }

  return (
    <Form<FormValues>
      className="audio-filters"
      layout="vertical"
      size="small"
      initialValues={initialValues}
      onFinish={handleFinish}
    >
      <Form.Item name="q" label="Search" className="audio-filters-search">
        <Input placeholder={AUDIO_SEARCH_PLACEHOLDER} allowClear />
      </Form.Item>
      <Form.Item name="audio_type" label={AUDIO_FILTER_LABELS.audioType}>
        <AppSelect options={AUDIO_TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item name="trendlist" label={AUDIO_FILTER_LABELS.trendList}>
        <AppSelect options={TREND_LIST_OPTIONS} />
      </Form.Item>
      <Form.Item name="has_stem" label={AUDIO_FILTER_LABELS.hasStem}>
        <AppSelect options={ALL_OR_YES_OPTIONS} />
      </Form.Item>
      <Form.Item name="has_eps" label={AUDIO_FILTER_LABELS.hasEps}>
        <AppSelect options={ALL_OR_YES_OPTIONS} />
      </Form.Item>
      <RangeFilterItem name="reel_count" label={AUDIO_FILTER_LABELS.reelCount} />
      <RangeFilterItem name="media_length_ms" label={AUDIO_FILTER_LABELS.mediaLength} />
      <RangeFilterItem name="available_templates" label={AUDIO_FILTER_LABELS.availableTemplates} />
      <RangeFilterItem name="approved_templates" label={AUDIO_FILTER_LABELS.approvedTemplates} />
      <RangeFilterItem name="template_clips_count" label={AUDIO_FILTER_LABELS.templateClipsCount} />
      <Form.Item label={`${AUDIO_FILTER_LABELS.created} from / to`} className="audio-filters-wide">
        <div className="audio-filters-pair">
          <Form.Item name="created_from" noStyle>
            <Input type="datetime-local" aria-label={`${AUDIO_FILTER_LABELS.created} from`} />
          </Form.Item>
          <Form.Item name="created_to" noStyle>
            <Input type="datetime-local" aria-label={`${AUDIO_FILTER_LABELS.created} to`} />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item name="tags" label={AUDIO_FILTER_LABELS.manualTags} className="audio-filters-wide">
        <AppSelect
          mode="multiple"
          allowClear
          placeholder={SELECT_PLACEHOLDER}
          listHeight={SELECT_MENU_MAX_HEIGHT_PX}
          maxTagCount="responsive"
          options={(tags ?? []).map((tag) => ({ value: tag.text, label: `${tag.text} (${tag.used_count})` }))}
        />
      </Form.Item>
      <Form.Item name="sort_by" label={AUDIO_FILTER_LABELS.sortBy}>
        <AppSelect options={SORT_BY_OPTIONS} />
      </Form.Item>
      <Form.Item name="sort_dir" label={AUDIO_FILTER_LABELS.sortDir}>
        <AppSelect options={SORT_DIR_OPTIONS} />
      </Form.Item>
      <Form.Item label=" " className="audio-filters-actions">
        <Button type="primary" htmlType="submit">
          {FILTER_BUTTON}
        </Button>
        <Button onClick={onClear}>{CLEAR_BUTTON}</Button>
      </Form.Item>
    </Form>
  );
}
