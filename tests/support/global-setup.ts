/** Runs once before the end-to-end suite: fails early with install advice when Chromium is missing. */
import { assertChromium } from './chromium.ts';

export default function globalSetup(): void {
  assertChromium();
}
