/**
 * The few HTML pages the platform serves itself (sign-in, registration, sign-out, sandbox banks,
 * the SMS outbox): escaping, a themed page shell and form helpers. Everything interpolated goes
 * through `escapeHtml`; pages carry no third-party assets and work without JavaScript.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { readBodyText } from './body.ts';
import { pageLocale, type PageLocale } from '../i18n/page-texts.ts';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Colours and shapes for a page. */
export interface PageTheme {
  background: string;
  surface: string;
  text: string;
  muted: string;
  primary: string;
  onPrimary: string;
  error: string;
  radius: number;
  buttonRadius: number;
  scheme: 'dark' | 'light';
}

/** A neutral theme, for brands without theme.json and the developer pages. */
export const DEFAULT_THEME: PageTheme = {
  background: '#f4f5f7', surface: '#ffffff', text: '#1b1f24', muted: '#4d5560', primary: '#1f5fbf', onPrimary: '#ffffff',
  error: '#b3261e', radius: 10, buttonRadius: 8, scheme: 'light',
};

const COLOUR = /^#[0-9a-f]{3,8}$/i;

/** The brand's theme from `<brandsDir>/<brand>/theme.json` (colours only), or the default. */
export function brandTheme(brandsDir: string, brand: string): PageTheme {
  const file = join(brandsDir, brand, 'theme.json');
  if (!existsSync(file)) return DEFAULT_THEME;
  try {
    const theme = JSON.parse(readFileSync(file, 'utf8')) as {
      scheme?: string; roundness?: number; buttonRoundness?: number;
      colors?: { background?: { base?: string; shades?: Record<string, string> }; primary?: { base?: string }; text?: string; onPrimary?: string };
    };
    const pick = (value: string | undefined, fallback: string) => (value && COLOUR.test(value) ? value : fallback);
    const dark = theme.scheme === 'dark';
    const background = pick(theme.colors?.background?.base, DEFAULT_THEME.background);
    return {
      background,
      surface: pick(dark ? theme.colors?.background?.shades?.['700'] : theme.colors?.background?.shades?.['50'], dark ? '#1e2538' : '#ffffff'),
      text: pick(theme.colors?.text, dark ? '#f4f4f4' : DEFAULT_THEME.text),
      muted: dark ? '#c9cdd6' : DEFAULT_THEME.muted,
      primary: pick(theme.colors?.primary?.base, DEFAULT_THEME.primary),
      onPrimary: pick(theme.colors?.onPrimary, '#ffffff'),
      error: dark ? '#ffb4ab' : DEFAULT_THEME.error,
      radius: Math.min(Math.max(Number(theme.roundness ?? 10), 0), 32),
      buttonRadius: Math.min(Math.max(Number(theme.buttonRoundness ?? 8), 0), 999),
      scheme: dark ? 'dark' : 'light',
    };
  } catch {
    return DEFAULT_THEME;
  }
}

/** A whole page: title, optional brand line, and body HTML (already escaped by the caller); lang is a BCP 47 tag. */
export function page(options: { title: string; theme?: PageTheme; heading?: string; brandName?: string; lang?: string; body: string }): string {
  const t = options.theme ?? DEFAULT_THEME;
  return `<!doctype html>
<html lang="${escapeHtml(options.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}${options.brandName ? ` – ${escapeHtml(options.brandName)}` : ''}</title>
<style>
:root{color-scheme:${t.scheme};--bg:${t.background};--surface:${t.surface};--text:${t.text};--muted:${t.muted};--primary:${t.primary};--on-primary:${t.onPrimary};--error:${t.error};--radius:${t.radius}px;--button-radius:${t.buttonRadius}px}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;align-items:flex-start;justify-content:center;padding:2rem 1rem}
main{width:100%;max-width:28rem;background:var(--surface);border-radius:var(--radius);padding:2rem;box-shadow:0 4px 24px rgba(0,0,0,.25)}
main.wide{max-width:60rem}
.brand{margin:0 0 .5rem;font-size:.9rem;letter-spacing:.06em;text-transform:uppercase;color:var(--muted)}
h1{margin:0 0 1.25rem;font-size:1.6rem;line-height:1.25}
label{display:block;font-weight:600;margin:1rem 0 .35rem}
.hint{display:block;font-weight:400;font-size:.875rem;color:var(--muted)}
input[type=text],input[type=email],input[type=password],input[type=tel],input[type=date],select{width:100%;padding:.7rem .8rem;font:inherit;color:inherit;background:transparent;border:2px solid var(--muted);border-radius:calc(var(--radius)/2)}
input:focus-visible,select:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--primary);outline-offset:2px}
input[aria-invalid=true]{border-color:var(--error)}
.field-error{display:block;color:var(--error);font-size:.9rem;margin-top:.3rem}
.error-summary{border:2px solid var(--error);border-radius:calc(var(--radius)/2);padding:.75rem 1rem;margin-bottom:1rem}
.error-summary h2{font-size:1rem;margin:0 0 .25rem;color:var(--error)}
.error-summary ul{margin:0;padding-left:1.2rem}
.error-summary a{color:var(--error)}
button,.button{display:inline-block;width:100%;margin-top:1.5rem;padding:.8rem 1rem;font:inherit;font-weight:700;text-align:center;text-decoration:none;color:var(--on-primary);background:var(--primary);border:0;border-radius:var(--button-radius);cursor:pointer}
button.secondary{background:transparent;color:var(--text);border:2px solid var(--muted);margin-top:.75rem}
.check{display:flex;gap:.6rem;align-items:flex-start;margin-top:1rem;font-weight:400}
.check input{margin-top:.3rem;width:1.1rem;height:1.1rem}
fieldset{border:0;padding:0;margin:1rem 0 0}
legend{font-weight:600;margin-bottom:.35rem}
.option{display:flex;gap:.6rem;align-items:flex-start;padding:.6rem;border:2px solid var(--muted);border-radius:calc(var(--radius)/2);margin-top:.5rem;font-weight:400}
.option input{margin-top:.3rem}
a{color:inherit}
p.switch{margin-top:1.25rem;text-align:center}
table{width:100%;border-collapse:collapse;font-size:.95rem}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid var(--muted);vertical-align:top}
code,.code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:1.05em;font-weight:700}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
</style>
</head>
<body>
<main${options.body.includes('<table') ? ' class="wide"' : ''}>
${options.brandName ? `<p class="brand">${escapeHtml(options.brandName)}</p>` : ''}
<h1>${escapeHtml(options.heading ?? options.title)}</h1>
${options.body}
</main>
</body>
</html>`;
}

/** A labelled input with its error wired up for screen readers. */
export function field(options: { name: string; label: string; type?: string; value?: string; error?: string; hint?: string; autocomplete?: string; required?: boolean; inputmode?: string }): string {
  const id = `field-${options.name}`;
  const described = [options.hint ? `${id}-hint` : '', options.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${id}">${escapeHtml(options.label)}${options.hint ? `<span class="hint" id="${id}-hint">${escapeHtml(options.hint)}</span>` : ''}</label>
<input id="${id}" name="${escapeHtml(options.name)}" type="${escapeHtml(options.type ?? 'text')}" value="${escapeHtml(options.value ?? '')}"${options.autocomplete ? ` autocomplete="${escapeHtml(options.autocomplete)}"` : ''}${options.inputmode ? ` inputmode="${escapeHtml(options.inputmode)}"` : ''}${options.required === false ? '' : ' required'}${options.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''} maxlength="100">
${options.error ? `<span class="field-error" id="${id}-error">${escapeHtml(options.error)}</span>` : ''}`;
}

/** A summary of form errors linking to each field (announced on load), in the page's language. */
export function errorSummary(errors: Record<string, string>, labels: Record<string, string>, texts: PageLocale = pageLocale('en')): string {
  const entries = Object.entries(errors);
  if (entries.length === 0) return '';
  const heading = entries.length === 1 ? texts.t('form.problemOne') : texts.t('form.problemMany', { count: entries.length });
  return `<div class="error-summary" role="alert" tabindex="-1" id="error-summary">
<h2>${escapeHtml(heading)}</h2>
<ul>${entries.map(([name, message]) => `<li><a href="#field-${escapeHtml(name)}">${escapeHtml(labels[name] ? texts.t('form.fieldError', { label: labels[name], message }) : message)}</a></li>`).join('')}</ul>
</div>`;
}

/** Sends an HTML page with no caching (these pages hold one-off state). */
export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // These pages work without JavaScript: no script may run in them, and only the lobby (proxied on its own origin) frames them.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'self'",
    ...headers,
  });
  res.end(html);
}

/** Reads an application/x-www-form-urlencoded body (at most 64 KB). */
export async function readForm(req: import('node:http').IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBodyText(req, 65_536));
}
