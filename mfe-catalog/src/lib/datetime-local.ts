const pad = (value: number) => String(value).padStart(2, '0');

/** ISO instant → the local 'YYYY-MM-DDTHH:mm' a datetime-local input shows; '' for none. */
export function toDatetimeLocalValue(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value (local time) → ISO instant; undefined when empty or invalid. */
export function fromDatetimeLocalValue(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const time = new Date(text).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** Short local date and time for table cells ('2024-05-01 13:45'); '—' when missing. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? toDatetimeLocalValue(iso).replace('T', ' ') || '—' : '—';
}
