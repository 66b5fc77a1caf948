// Shared by the platform pages' inline scripts (the demo game, the sportsbook): the page's texts with
// their {placeholders} filled in, and exact decimals formatted for the page's locale with Intl, which
// reads a numeric string's digits (no float on the way). page-kit.ts inlines this ahead of a page's
// own script in one scope, so nothing lands on window.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the page script inlined after it
function pageKit(config) {
  /** A text of the page's language with its {placeholders} filled in. */
  const t = (key, values) => String(config.texts[key] || key).replace(/\{(\w+)\}/g, (match, name) => (values && name in values ? String(values[name]) : match));
  const places = (text) => (String(text).split('.')[1] || '').length;
  /** An exact decimal ("2.35") with the locale's decimal mark and no grouping, as a player would type it. */
  function decimal(text) {
    return new Intl.NumberFormat(config.languageTag, { minimumFractionDigits: places(text), maximumFractionDigits: places(text), useGrouping: false }).format(text);
  }
  /** An exact decimal amount in the page's currency, formatted for the locale. */
  function money(text) {
    try {
      return new Intl.NumberFormat(config.languageTag, { style: 'currency', currency: config.currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: places(text), maximumFractionDigits: places(text) }).format(text);
    } catch {
      return text + ' ' + config.currency;
    }
  }
  return { t, decimal, money };
}
