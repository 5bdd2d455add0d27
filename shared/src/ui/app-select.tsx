import {
  EMPTY_TYPE_AHEAD,
  findTypeAheadMatch,
  SELECT_MENU_MAX_HEIGHT_PX,
  SELECT_PLACEHOLDER,
  stepSelectPage,
  typeAhead,
} from '@curator/shared';
import { Select, type SelectProps } from 'antd';
import type { BaseOptionType, DefaultOptionType } from 'antd/es/select';
import { type KeyboardEvent, useRef } from 'react';

/** The options of the open menu the focused select controls (its listbox lives in a portal). */
function openMenuOptions(target: EventTarget): HTMLElement[] {
  const listId = (target as HTMLElement).getAttribute?.('aria-controls');
  const menu = listId ? document.getElementById(listId)?.closest('.ant-select-dropdown') : null;
  return menu
    ? [...menu.querySelectorAll<HTMLElement>('.ant-select-item-option:not(.ant-select-item-option-disabled)')]
    : [];
}

/** Makes `option` the menu's active one, as hovering it would, and shows it. */
function activateOption(option: HTMLElement): void {
  option.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
  option.scrollIntoView({ block: 'nearest' });
}

/**
 * antd's Select with the product's menu rules: at most SELECT_MENU_MAX_HEIGHT_PX high, 'Select...'
 * when empty, PageUp/PageDown move SELECT_PAGE_SIZE options, and in a menu without a search box
 * typed letters jump to the first option starting with them (reset after MENU_TYPEAHEAD_RESET_MS).
 */
export function AppSelect<V = unknown, O extends BaseOptionType | DefaultOptionType = DefaultOptionType>(
  props: SelectProps<V, O>,
) {
  const typed = useRef(EMPTY_TYPE_AHEAD);
  const { onKeyDown, mode, showSearch } = props;
  const searches = showSearch ?? (mode === 'multiple' || mode === 'tags');

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const options = openMenuOptions(event.target);
    if (options.length === 0) return;
    const active = options.findIndex((o) => o.classList.contains('ant-select-item-option-active'));
    if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      activateOption(options[stepSelectPage(active, event.key === 'PageDown' ? 1 : -1, options.length)]);
    } else if (!searches && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      typed.current = typeAhead(typed.current, event.key, Date.now());
      const match = findTypeAheadMatch(
        options.map((o) => o.textContent ?? ''),
        typed.current.text,
      );
      if (match >= 0) activateOption(options[match]);
    }
  };

  return (
    <Select<V, O>
      listHeight={SELECT_MENU_MAX_HEIGHT_PX}
      placeholder={SELECT_PLACEHOLDER}
      virtual={false}
      {...props}
      onKeyDown={handleKeyDown}
    />
  );
}
