import { Form, InputNumber } from 'antd';

import type { RangeFilter } from '../audio-list-search';

/** One min/max pair of whole numbers ≥ 0; an empty box means no bound. */
export function RangeFilterItem({ name, label }: { name: RangeFilter; label: string }) {
  return (
    <Form.Item label={label}>
      <div className="audio-filters-pair">
        <Form.Item name={`${name}_min`} noStyle>
          <InputNumber min={0} precision={0} placeholder="min" aria-label={`${label} min`} />
        </Form.Item>
        <Form.Item name={`${name}_max`} noStyle>
          <InputNumber min={0} precision={0} placeholder="max" aria-label={`${label} max`} />
        </Form.Item>
      </div>
    </Form.Item>
  );
}
