import {
  SIMILARITY_THRESHOLD_DEFAULT_PERCENT,
  SIMILARITY_THRESHOLD_LABEL,
  SIMILARITY_THRESHOLD_MAX_PERCENT,
  SIMILARITY_THRESHOLD_MIN_PERCENT,
} from '@curator/shared';
import { InputNumber } from 'antd';

/** The 'Similarity treshhold %' that decides the similar flag of template rows. */
export function SimilarityInput({ value, onChange }: { value: number; onChange: (percent: number) => void }) {
  return (
    <label className="control">
      {SIMILARITY_THRESHOLD_LABEL}
      <InputNumber
        size="small"
        aria-label={SIMILARITY_THRESHOLD_LABEL}
        min={SIMILARITY_THRESHOLD_MIN_PERCENT}
        max={SIMILARITY_THRESHOLD_MAX_PERCENT}
        value={value}
        style={{ width: 64 }}
        onChange={(v) => onChange(v ?? SIMILARITY_THRESHOLD_DEFAULT_PERCENT)}
      />
    </label>
  );
}
