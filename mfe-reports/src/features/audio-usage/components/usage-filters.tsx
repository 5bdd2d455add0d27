import { CLEAR_BUTTON, FILTER_BUTTON } from '@curator/shared';
import { Button, Input, Space } from 'antd';
import { type FormEvent, useState } from 'react';

import type { UsageWindowDays } from '../usage-window';

type UsageFiltersProps = { days: UsageWindowDays; onFilter: (days: UsageWindowDays) => void; onClear: () => void };

/** Taken-at from/to (whole days), Filter and Clear. */
export function UsageFilters({ days, onFilter, onClear }: UsageFiltersProps) {
  const [draft, setDraft] = useState(days);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onFilter(draft);
  };
  return (
    <form onSubmit={handleSubmit} className="report-filters" aria-label="Usage filters">
      <Space wrap align="end">
        <label className="report-field">
          <span>Taken at from</span>
          <Input
            type="date"
            aria-label="Taken at from"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label className="report-field">
          <span>Taken at to</span>
          <Input
            type="date"
            aria-label="Taken at to"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <Button type="primary" htmlType="submit">
          {FILTER_BUTTON}
        </Button>
        <Button onClick={onClear}>{CLEAR_BUTTON}</Button>
      </Space>
    </form>
  );
}
