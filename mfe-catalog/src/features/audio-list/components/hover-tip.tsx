import { Tooltip } from 'antd';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

type HoverTipProps = { title: ReactNode; children: ReactNode };

/**
 * antd's Tooltip, mounted only once the pointer or the keyboard focus reaches its content (then shown
 * at once): a page of rows holds hundreds of them, and each mounted one costs a trigger, its
 * listeners and a measure of its target.
 */
export function HoverTip({ title, children }: HoverTipProps) {
  const [reached, setReached] = useState<'pointer' | 'focus' | null>(null);
  const ref = useRef<HTMLSpanElement>(null);
  // The content is mounted again inside the Tooltip: focus goes back where it was.
  useLayoutEffect(() => {
    if (reached === 'focus') ref.current?.querySelector<HTMLElement>('a, button, [tabindex]')?.focus();
  }, [reached]);
  if (reached)
    return (
      <Tooltip title={title} defaultOpen>
        <span ref={ref} className="hover-tip">
          {children}
        </span>
      </Tooltip>
    );
  return (
    <span className="hover-tip" onPointerEnter={() => setReached('pointer')} onFocus={() => setReached('focus')}>
      {children}
    </span>
  );
}
