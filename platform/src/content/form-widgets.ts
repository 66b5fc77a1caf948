/**
 * Hints for the operator console's generated forms, set on zod schemas with `.meta({ 'x-widget': … })`
 * and kept in their JSON Schema (content/json-schema.ts): a per-locale map edited one locale at a
 * time (its values HTML for localisedHtml), an HTML fragment, an image URL, an internal lobby path.
 * They change no validation.
 */
export const FORM_WIDGETS = { localised: 'localised', localisedHtml: 'localisedHtml', html: 'html', image: 'image', internalHref: 'internalHref' } as const;

/** A form widget hint. */
export type FormWidget = (typeof FORM_WIDGETS)[keyof typeof FORM_WIDGETS];
