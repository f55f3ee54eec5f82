import type { Settings } from '../storage/stored-items';

/**
 * `pageSettings`, what content scripts may know (they read `storage.local`, which a page's script can
 * reach too): the address, whether a project is connected and which, the in-page button switch, and
 * each project's last-used collection's name (bounded text, by project id) so the in-page button can
 * say where it adds. Never the key, never anything read back as trusted.
 */
export function pageSettingsOf(
  current: Pick<Settings, 'origin' | 'projectId' | 'inPageButton'>,
  keySaved: boolean,
  lastUsed: Record<string, string>,
) {
  const connected = keySaved && current.projectId !== undefined;
  return {
    version: 1 as const,
    origin: current.origin,
    connected,
    inPageButton: current.inPageButton,
    // The project a page whose URL names none is in (`/replay/<id>`), and the names by project.
    ...(connected ? { projectId: current.projectId, lastUsed } : {}),
  };
}
