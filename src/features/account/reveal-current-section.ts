/**
 * On a phone the account navigation is a strip that scrolls sideways; a section far along it (say
 * withdrawal history) would start out of sight. This scrolls the strip, and only the strip, so the
 * current section shows. From desktop up the list is a column and nothing moves.
 */

/** Scrolls the account navigation strip to its current section, if it overflows. */
export function revealCurrentSection(): void {
  const strip = document.querySelector<HTMLElement>('.account-nav ul');
  const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
  const left = current.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
  strip.scrollLeft = left - (strip.clientWidth - current.offsetWidth) / 2;
}
