import type { RangeFilter } from '@curator/shared';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';

/** Text of a bound the list can use: empty (no bound) or a whole number ≥ 0. */
const isCountText = (text: string | undefined) => !text?.trim() || /^\d+$/.test(text.trim());

const countRule = (boxLabel: string): Rule => ({
  validator: (_, value: string | undefined) =>
    isCountText(value) ? Promise.resolve() : Promise.reject(new Error(`${boxLabel}: a whole number, 0 or more`)),
});

/**
 * One min/max pair of whole numbers ≥ 0; an empty box means no bound. The boxes keep what was typed:
 * anything else is refused at the box by the form's validation, and Filter does nothing until fixed.
 */
export function RangeFilterItem({ name, label }: { name: RangeFilter; label: string }) {
  return (
    <Form.Item label={label}>
      <div className="audio-filters-pair">
        {(['min', 'max'] as const).map((end) => (
          <Form.Item key={end} name={`${name}_${end}`} noStyle rules={[countRule(`${label} ${end}`)]}>
            <Input inputMode="numeric" placeholder={end} aria-label={`${label} ${end}`} />
          </Form.Item>
        ))}
      </div>
    </Form.Item>
  );
}
