import { CONFIRM_DELETE_MESSAGE } from '@curator/shared';

/** docs/rules.md: deleting a user or a tag needs the browser confirm 'are you sure ?'. */
export function confirmDelete(): boolean {
  return window.confirm(CONFIRM_DELETE_MESSAGE);
}
