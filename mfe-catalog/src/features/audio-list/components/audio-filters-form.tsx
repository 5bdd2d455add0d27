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
import { type ReactNode, useEffect } from 'react';

import { fromDatetimeLocalValue, toDatetimeLocalValue } from '../../../lib/datetime-local';
import { RangeFilterItem } from './range-filter-item';

type RangeKey = (typeof RANGE_KEYS)[number];
/** As the boxes hold them: dates as datetime-local text, bounds as typed. */
type FormValues = Omit<AudioFilters, 'created_from' | 'created_to' | RangeKey> & {
  created_from: string;
  created_to: string;
} & Partial<Record<RangeKey, string>>;

/** The filters as the form's boxes hold them: what the form starts from, and what its outline shows. */
const toFormValues = (filters: AudioFilters): FormValues => ({
  ...filters,
  ...(Object.fromEntries(
    RANGE_KEYS.map((key) => [key, filters[key] === undefined ? '' : String(filters[key])]),
  ) as Record<RangeKey, string>),
  created_from: toDatetimeLocalValue(filters.created_from),
  created_to: toDatetimeLocalValue(filters.created_to),
});
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

/** A filter of one choice from a menu. */
type ChoiceItem = {
  name: 'audio_type' | 'trendlist' | 'has_stem' | 'has_eps' | 'sort_by' | 'sort_dir';
  label: string;
  options: { value: string | boolean; label: string }[];
};
/** The single-choice filters after the search box, in the form's order. */
const CHOICE_ITEMS: readonly ChoiceItem[] = [
  { name: 'audio_type', label: AUDIO_FILTER_LABELS.audioType, options: AUDIO_TYPE_OPTIONS },
  { name: 'trendlist', label: AUDIO_FILTER_LABELS.trendList, options: TREND_LIST_OPTIONS },
  { name: 'has_stem', label: AUDIO_FILTER_LABELS.hasStem, options: ALL_OR_YES_OPTIONS },
  { name: 'has_eps', label: AUDIO_FILTER_LABELS.hasEps, options: ALL_OR_YES_OPTIONS },
];
const RANGE_ITEMS = [
  { name: 'reel_count', label: AUDIO_FILTER_LABELS.reelCount },
  { name: 'media_length_ms', label: AUDIO_FILTER_LABELS.mediaLength },
  { name: 'available_templates', label: AUDIO_FILTER_LABELS.availableTemplates },
  { name: 'approved_templates', label: AUDIO_FILTER_LABELS.approvedTemplates },
  { name: 'template_clips_count', label: AUDIO_FILTER_LABELS.templateClipsCount },
] as const;
const SORT_ITEMS: readonly ChoiceItem[] = [
  { name: 'sort_by', label: AUDIO_FILTER_LABELS.sortBy, options: SORT_BY_OPTIONS },
  { name: 'sort_dir', label: AUDIO_FILTER_LABELS.sortDir, options: SORT_DIR_OPTIONS },
];
const SEARCH_LABEL = 'Search';
const CREATED_LABEL = `${AUDIO_FILTER_LABELS.created} from / to`;

type AudioFiltersFormProps = {
  filters: AudioFilters;
  /** Bounds of the address that are not counts: shown in their boxes, with what is wrong, and not applied. */
  unreadBounds?: Partial<Record<RangeKey, string>>;
  onFilter: (filters: AudioFilters) => void;
  onClear: () => void;
};

const NO_UNREAD_BOUNDS: Partial<Record<RangeKey, string>> = {};

/** The filters (docs/screens.md) above the audio table; nothing is applied until Filter is pressed. */
export function AudioFiltersForm({
  filters,
  unreadBounds = NO_UNREAD_BOUNDS,
  onFilter,
  onClear,
}: AudioFiltersFormProps) {
  const { data: tags } = useListTagsQuery();
  const [form] = Form.useForm<FormValues>();
  const initialValues = { ...toFormValues(filters), ...unreadBounds };
  // A link with a bound that is not a count (the list ran without it) says so at the box, as a typed one does. The
  // form is mounted afresh for each address, so this runs once for its bounds.
  useEffect(() => {
    const keys = Object.keys(unreadBounds) as RangeKey[];
    if (keys.length > 0) void form.validateFields(keys).catch(() => undefined);
  }, [form, unreadBounds]);

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
      form={form}
      className="audio-filters"
      layout="vertical"
      size="small"
      initialValues={initialValues}
      onFinish={handleFinish}
    >
      <Form.Item name="q" label={SEARCH_LABEL} className="audio-filters-search">
        <Input placeholder={AUDIO_SEARCH_PLACEHOLDER} allowClear />
      </Form.Item>
      {CHOICE_ITEMS.map(({ name, label, options }) => (
        <Form.Item key={name} name={name} label={label}>
          <AppSelect options={options} />
        </Form.Item>
      ))}
      {RANGE_ITEMS.map(({ name, label }) => (
        <RangeFilterItem key={name} name={name} label={label} />
      ))}
      <Form.Item label={CREATED_LABEL} className="audio-filters-wide">
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
      {SORT_ITEMS.map(({ name, label, options }) => (
        <Form.Item key={name} name={name} label={label}>
          <AppSelect options={options} />
        </Form.Item>
      ))}
      <Form.Item label=" " className="audio-filters-actions">
        <Button type="primary" htmlType="submit">
          {FILTER_BUTTON}
        </Button>
        <Button onClick={onClear}>{CLEAR_BUTTON}</Button>
      </Form.Item>
    </Form>
  );
}

/** The label of `value` among `options`, as a closed select shows it. */
const labelOf = (options: readonly { value: unknown; label: string }[], value: unknown) =>
  options.find((option) => option.value === value)?.label;

/** A box of the outline: a small antd input or closed select as it looks, in a plain element. */
function OutlineBox({
  text,
  placeholder,
  type,
  select,
}: {
  text?: string;
  placeholder?: string;
  type?: string;
  select?: boolean;
}) {
  if (select)
    return (
      <div className="ant-select ant-select-sm ant-select-outlined ant-select-in-form-item ant-select-single">
        <div className={text === undefined ? 'ant-select-content ant-select-placeholder' : 'ant-select-content'}>
          {text ?? SELECT_PLACEHOLDER}
        </div>
      </div>
    );
  return (
    <input
      className="ant-input ant-input-sm ant-input-outlined"
      type={type}
      readOnly
      value={text ?? ''}
      placeholder={placeholder}
    />
  );
}

/** An item of the outline, laid out as a Form.Item of the vertical form. */
function OutlineItem({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      className={
        className ? `ant-form-item ant-form-item-vertical ${className}` : 'ant-form-item ant-form-item-vertical'
      }
    >
      <div className="ant-row ant-form-item-row">
        <div className="ant-col ant-form-item-label">
          <label title={label}>{label}</label>
        </div>
        <div className="ant-col ant-form-item-control">
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">{children}</div>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * The filters' outline, on the page while the form is built just after the list's first rows (on a cold
 * load the form is about 60 ms of rendering, which the rows no longer wait for): the form's grid, labels,
 * boxes and values in plain elements, inert, so that nothing below moves when the form takes its place.
 */
export function AudioFiltersOutline({ filters }: { filters: AudioFilters }) {
  const values = toFormValues(filters);
  return (
    <div
      className="ant-form ant-form-vertical ant-form-small audio-filters audio-filters-outline"
      inert
      data-testid="audio-filters-outline"
    >
      <OutlineItem label={SEARCH_LABEL} className="audio-filters-search">
        <OutlineBox text={values.q} placeholder={AUDIO_SEARCH_PLACEHOLDER} />
      </OutlineItem>
      {CHOICE_ITEMS.map(({ name, label, options }) => (
        <OutlineItem key={name} label={label}>
          <OutlineBox select text={labelOf(options, values[name])} />
        </OutlineItem>
      ))}
      {RANGE_ITEMS.map(({ name, label }) => (
        <OutlineItem key={name} label={label}>
          <div className="audio-filters-pair">
            <OutlineBox text={values[`${name}_min`]} placeholder="min" />
            <OutlineBox text={values[`${name}_max`]} placeholder="max" />
          </div>
        </OutlineItem>
      ))}
      <OutlineItem label={CREATED_LABEL} className="audio-filters-wide">
        <div className="audio-filters-pair">
          <OutlineBox type="datetime-local" text={values.created_from} />
          <OutlineBox type="datetime-local" text={values.created_to} />
        </div>
      </OutlineItem>
      <OutlineItem label={AUDIO_FILTER_LABELS.manualTags} className="audio-filters-wide">
        <OutlineBox select text={values.tags.length > 0 ? values.tags.join(', ') : undefined} />
      </OutlineItem>
      {SORT_ITEMS.map(({ name, label, options }) => (
        <OutlineItem key={name} label={label}>
          <OutlineBox select text={labelOf(options, values[name])} />
        </OutlineItem>
      ))}
      <OutlineItem label=" " className="audio-filters-actions">
        <button type="button" className="ant-btn ant-btn-primary ant-btn-sm">
          {FILTER_BUTTON}
        </button>
        <button type="button" className="ant-btn ant-btn-default ant-btn-sm">
          {CLEAR_BUTTON}
        </button>
      </OutlineItem>
    </div>
  );
}
