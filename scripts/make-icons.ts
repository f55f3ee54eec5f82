/**
 * `npx tsx scripts/make-icons.ts`: draws the toolbar icon as SVG and renders it to
 * public/icon/<size>.png with the system Chromium (transparent background). WXT picks those files
 * up as the manifest's `icons` and `action.default_icon`.
 *
 * The glyph is a white bookmark with a hedgehog's spiky back, on a PostHog orange-red rounded square:
 * the filled square keeps it readable on light and dark toolbars alike, and a thin dark rim keeps
 * its edge visible on orange-ish themes.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from '../test/e2e/build';
import { findChromium } from '../test/e2e/chromium';

const SIZES = [16, 32, 48, 96, 128] as const;
const ORANGE = '#F54E00';
const RIM = '#B83A00';

/** Small sizes get a fuller square and a plain bookmark: spikes turn to mush below 32 px. */
function iconSvg(size: number): string {
  const small = size < 32;
  const inset = small ? 0 : 3;
  const rim = small ? '' : `stroke="${RIM}" stroke-width="4"`;
  // The bookmark, in a 128-unit box: a ribbon with a V notch at the bottom.
  const [left, right] = small ? [32, 96] : [36, 92];
  const [top, bottom, notch] = small ? [20, 110, 84] : [38, 104, 82];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 128 128">
  <rect x="${inset}" y="${inset}" width="${128 - 2 * inset}" height="${128 - 2 * inset}" rx="28"
    fill="${ORANGE}" ${rim}/>
  <path fill="#fff" d="M${left} ${top} H${right} V${bottom} L64 ${notch} L${left} ${bottom} Z"/>
  ${small ? '' : `<path fill="#fff" d="${spikes(left, right, top)}"/>`}
</svg>`;
}

/** The hedgehog's back: a row of spikes standing on the bookmark's top edge. */
function spikes(left: number, right: number, top: number): string {
  const count = 4;
  const width = (right - left) / count;
  let path = `M${left} ${top + 1}`;
  for (let spike = 0; spike < count; spike++) {
    path += ` L${left + width * (spike + 0.5)} ${top - 16} L${left + width * (spike + 1)} ${top + 1}`;
  }
  return `${path} Z`;
}

async function main(): Promise<void> {
  const outDir = join(ROOT, 'public/icon');
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${iconSvg(size)}</body></html>`,
      );
      const path = join(outDir, `${size}.png`);
      await page.locator('svg').screenshot({ path, omitBackground: true });
      console.log(`public/icon/${size}.png`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
