import { Alert } from 'antd';

/** Shows request error lines ('location - message' each) under a form. */
export function ErrorLines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Alert
      type="error"
      role="alert"
      data-testid="error-lines"
      title={lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    />
  );
}
