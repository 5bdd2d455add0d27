import type { RemoteDefinition } from '@curator/shared';
import type { CurrentUser } from '@curator/shared/kernel';

/** What the API writes into the page it serves: the screens, and the user when signed in. */
export type BootData = { remotes: RemoteDefinition[]; me: CurrentUser | null };

export const BOOT_DATA_ID = 'curator-boot';

/** The boot data the page came with, or null (a page served without it, e.g. by the dev server). */
export function readBootData(doc: Document = document): BootData | null {
  const text = doc.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}
