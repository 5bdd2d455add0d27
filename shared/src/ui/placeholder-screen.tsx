import { Typography } from 'antd';

/** Stand-in screen a remote shows for a route whose screen is not built yet. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section data-testid="placeholder-screen">
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">This screen is being built.</Typography.Paragraph>
    </section>
  );
}
