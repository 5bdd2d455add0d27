/** Filters of /audio-usage/ as the URL keeps them: calendar days 'YYYY-MM-DD' (or ''). */
export type UsageWindowDays = { from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The API window for the chosen days: from the start of `from` to the end of `to`, in local time. */
export function toTakenAtWindow(days: UsageWindowDays): { taken_at_from?: string; taken_at_to?: string } {
  const at = (day: string, time: string) => (DAY.test(day) ? new Date(`${day}T${time}`) : null);
  const from = at(days.from, '00:00:00.000');
  const to = at(days.to, '23:59:59.999');
  return {
    ...(from && !Number.isNaN(from.getTime()) ? { taken_at_from: from.toISOString() } : {}),
    ...(to && !Number.isNaN(to.getTime()) ? { taken_at_to: to.toISOString() } : {}),
  };
}

export function readUsageWindow(params: URLSearchParams): UsageWindowDays {
  const day = (key: string) => (DAY.test(params.get(key) ?? '') ? (params.get(key) as string) : '');
  return { from: day('from'), to: day('to') };
}
