import { describe, expect, it } from 'vitest';
import { DEMO } from './demo-ids';
import { loadSeed } from './seeds';

describe('the seeds', () => {
  it('`tour` (what `npm run demo` tours) holds the support desk’s and the customer site’s recordings, each once', () => {
    const tour = loadSeed('tour');
    const ids = tour.recordings.map((recording) => recording.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [
      DEMO.support.anaRecording(1),
      DEMO.support.jo[0],
      DEMO.site.checkout,
      DEMO.site.payment,
    ]) {
      if (id.startsWith('0190')) expect(tour.persons.some((person) => person.uuid === id)).toBe(true);
      else expect(ids).toContain(id);
    }
    const support = loadSeed('support').recordings.length;
    const site = loadSeed('site').recordings.length;
    const demo = loadSeed('demo').recordings.length;
    expect(ids.length).toBe(support + site - demo);
    expect(tour.projects.find((project) => project.id === DEMO.projects.main)?.recordingDomains).toContain(
      'https://shop.acme.com',
    );
  });
});
