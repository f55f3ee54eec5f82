import { describe, expect, it } from 'vitest';
import { startupMarks } from '../../lib/platform/startup-marks';

describe('start-up marks', () => {
  it('marks only when enabled, and the first answer of a handler once', async () => {
    performance.clearMarks();
    const off = startupMarks(false);
    off('evaluated');
    expect(performance.getEntriesByName('hogmark:evaluated')).toHaveLength(0);
    const on = startupMarks(true);
    const handler = on.firstAnswer('answered', async (n: number) => n * 2);
    await expect(handler(2)).resolves.toBe(4);
    await handler(3);
    expect(performance.getEntriesByName('hogmark:answered')).toHaveLength(1);
  });
});
