import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localImports, REPO_ROOT, readSource, sourceFiles } from '../support/source-files';

const BACKGROUND = 'lib/background';
const isDirectory = (path: string) => statSync(join(REPO_ROOT, path)).isDirectory();
const rooms = readdirSync(join(REPO_ROOT, BACKGROUND))
  .filter((name) => isDirectory(join(BACKGROUND, name)))
  .sort();

/**
 * Which rooms each room may import from: what it is handed by type (another room's service) or
 * builds on. Anything else is a new dependency between rooms, to be decided here on purpose.
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  storage: [],
  messages: [],
  toolbar: [],
  session: ['messages'],
  settings: ['messages', 'storage'],
  tabs: ['messages', 'settings', 'storage', 'toolbar'],
  dashboards: ['messages', 'settings', 'storage'],
  pending: ['messages', 'settings', 'tabs', 'toolbar'],
  collections: ['messages', 'settings'],
  // Its menu's "every recording linked here" is handed in by the bulk room, which builds on this one.
  recordings: ['collections', 'messages', 'pending', 'session', 'settings', 'tabs', 'toolbar'],
  // Many recordings at once go through the recordings room's writes, to the collections room's lists.
  bulk: ['collections', 'messages', 'recordings', 'settings', 'toolbar'],
  'share-links': ['dashboards', 'messages', 'settings', 'storage', 'tabs', 'toolbar'],
  popup: ['collections', 'messages', 'pending', 'recordings', 'settings', 'tabs'],
  // The person page: its adds are the recordings and bulk rooms'; a recording's face reads as share-links does.
  persons: ['bulk', 'messages', 'recordings', 'settings', 'share-links', 'toolbar'],
  // "Recorded here": its rows read as the person page's; its adds are the recordings room's.
  site: ['collections', 'messages', 'persons', 'recordings', 'settings', 'share-links'],
};

/** Each room's composer: `<room>/<room>-feature.ts` exporting `create<Room>Feature`; the dispatcher for messages. */
const composerOf = (room: string) =>
  room === 'messages'
    ? { file: `${BACKGROUND}/messages/dispatcher.ts`, name: 'createDispatcher' }
    : {
        file: `${BACKGROUND}/${room}/${room}-feature.ts`,
        name: `create${room.replace(/(^|-)(\w)/g, (_, _dash, letter: string) => letter.toUpperCase())}Feature`,
      };

describe('the background in rooms', () => {
  it('keeps no loose files in lib/background/ beyond the composers’ index', () => {
    const loose = readdirSync(join(REPO_ROOT, BACKGROUND)).filter(
      (name) => !isDirectory(join(BACKGROUND, name)),
    );
    expect(loose).toEqual(['index.ts']);
  });

  it('lists every room, and only rooms, in the import rules', () => {
    expect(Object.keys(MAY_IMPORT).sort()).toEqual(rooms);
  });

  it('gives each room one composer, and the index composes them all', () => {
    const index = readSource(`${BACKGROUND}/index.ts`);
    for (const room of rooms) {
      const { file, name } = composerOf(room);
      expect(readSource(file), file).toContain(`export function ${name}(`);
      expect(index, `index.ts uses ${name}`).toContain(`${name}(`);
    }
  });

  it('imports between rooms only as the rules allow (never a loop between rooms)', () => {
    const files = sourceFiles('lib');
    const roomOf = (path: string) => (path.startsWith(`${BACKGROUND}/`) ? path.split('/')[2] : undefined);
    const refused: string[] = [];
    for (const file of sourceFiles(BACKGROUND)) {
      const from = roomOf(file);
      if (!from || file === `${BACKGROUND}/index.ts`) continue;
      for (const target of localImports(file, files)) {
        const to = roomOf(target);
        if (to === undefined || to === from) continue;
        if (target === `${BACKGROUND}/index.ts` || !MAY_IMPORT[from]?.includes(to))
          refused.push(`${file} → ${target}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('keeps the rules themselves free of loops', () => {
    const loops: string[] = [];
    const visit = (room: string, path: string[]) => {
      for (const next of MAY_IMPORT[room] ?? []) {
        if (path.includes(next)) loops.push([...path, next].join(' → '));
        else visit(next, [...path, next]);
      }
    };
    for (const room of rooms) visit(room, [room]);
    expect(loops).toEqual([]);
  });

  it('lets only the background’s core entrypoint import the composers’ index', () => {
    const importers = [
      ...sourceFiles('lib'),
      ...sourceFiles('components'),
      ...sourceFiles('entrypoints'),
    ].filter((file) => localImports(file, [`${BACKGROUND}/index.ts`]).length > 0);
    expect(importers).toEqual(['entrypoints/background-core.ts']);
  });

  it('mirrors the rooms in test/background/', () => {
    const mirrored = readdirSync(join(REPO_ROOT, 'test/background')).sort();
    expect(mirrored.filter((name) => isDirectory(join('test/background', name)))).toEqual(rooms);
    // Beside the rooms, only the composers' index has a test of its own.
    expect(mirrored.filter((name) => !isDirectory(join('test/background', name)))).toEqual(['index.test.ts']);
  });

  it('keeps every product file under 300 lines', () => {
    const long = [...sourceFiles('lib'), ...sourceFiles('components'), ...sourceFiles('entrypoints')]
      .map((file) => ({ file, lines: readSource(file).split('\n').length }))
      .filter(({ lines }) => lines > 300);
    expect(long).toEqual([]);
  });

  it('keeps the background entrypoints to wiring', () => {
    expect(readSource('entrypoints/background.ts').split('\n').length).toBeLessThanOrEqual(100);
    expect(readSource('entrypoints/background-core.ts').split('\n').length).toBeLessThanOrEqual(100);
  });
});
