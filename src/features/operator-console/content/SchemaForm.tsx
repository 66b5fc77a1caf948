/**
 * A form generated from a content document's JSON Schema (operatorContentSchema): text inputs, one
 * locale of a localised text at a time (with the English beside it), selects for enums, checkboxes,
 * checkbox groups for lists of choices, fieldsets for nested objects, repeatable groups for lists of
 * objects, a rich-text editor for HTML (RichTextField.tsx, its HTML source a toggle away), and a
 * JSON text area for a shape it cannot render. Each field shows the content store's problems at its path beside it
 * (aria-describedby, aria-invalid).
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { fillOperatorText, type OperatorTexts } from '../../../i18n/operator/en.ts';
import {
  branchFor, describedBy, discriminatorOf, fieldId, fieldKind, getAt, humanise, issuesAt, skeleton,
  type JsonSchema, type PathStep,
} from './schema-form.ts';

// The rich-text editor (TipTap and ProseMirror, most of the section's code) loads with the first HTML field shown.
const RichTextField = lazy(() => import('./RichTextField.tsx'));

/** One of the store's problems: a dot path (null for the whole document) and what is wrong. */
export interface ContentIssue {
  path?: string | null;
  message: string;
}

/** What every field of one form shares. */
export interface FormContext {
  texts: OperatorTexts['content'];
  /** The locale whose texts are edited. */
  locale: string;
  /** Makes element ids unique per form. */
  idPrefix: string;
  issues: readonly ContentIssue[];
  /** The whole document (for the English beside a translation). */
  root: unknown;
  set: (path: PathStep[], value: unknown) => void;
}

interface FieldProps {
  schema: JsonSchema;
  path: PathStep[];
  label: string;
  required: boolean;
  ctx: FormContext;
}

/** The problems under a field, with the id its control's aria-describedby names. */
function FieldErrors({ id, issues }: { id: string; issues: readonly ContentIssue[] }) {
  if (issues.length === 0) return null;
  return <p id={id} className="op-field__error">{issues.map((issue) => issue.message).join(' ')}</p>;
}

/** The label of a field, marked when optional. */
function labelText(ctx: FormContext, label: string, required: boolean): string {
  return required ? label : fillOperatorText(ctx.texts.form.optional, { label });
}

/** A field of a schema node at path: its widget by fieldKind. */
export function SchemaField({ schema, path, label, required, ctx }: FieldProps) {
  const kind = fieldKind(schema);
  const value = getAt(ctx.root, path);
  const id = fieldId(ctx.idPrefix, path);
  const errorId = `${id}-error`;
  const deep = kind === 'localised' || kind === 'json' || kind === 'checkboxes' || kind === 'alternatives';
  const issues = issuesAt(ctx.issues, path, deep);
  const invalid = issues.length > 0;
  const shown = labelText(ctx, label, required);

  switch (kind) {
    case 'fixed':
      return null;
    case 'localised': {
      const inner = schema.properties?.[ctx.locale] ?? schema.properties?.en ?? { type: 'string' };
      const innerSchema: JsonSchema = schema['x-widget'] === 'localisedHtml' && inner.type === 'string' ? { ...inner, 'x-widget': 'html' } : inner;
      const english = ctx.locale !== 'en' ? getAt(ctx.root, [...path, 'en']) : undefined;
      return (
        <div className="op-localised">
          <SchemaField schema={innerSchema} path={[...path, ctx.locale]} label={fillOperatorText(ctx.texts.form.inLocale, { label, locale: ctx.locale })} required={required && ctx.locale === 'en'} ctx={{ ...ctx, issues: issues.filter((issue) => issue.path !== path.join('.')) }} />
          {typeof english === 'string' && english && <p className="op-hint">{fillOperatorText(ctx.texts.form.english, { text: english })}</p>}
          <FieldErrors id={errorId} issues={issues.filter((issue) => issue.path === path.join('.'))} />
        </div>
      );
    }
    case 'text':
    case 'image':
    case 'href':
    case 'date':
    case 'number': {
      const hint = kind === 'image' ? ctx.texts.form.imageHint : kind === 'href' ? ctx.texts.form.hrefHint : null;
      const hintId = `${id}-hint`;
      return (
        <div className="op-field">
          <label htmlFor={id}>{shown}</label>
          {hint && <p id={hintId} className="op-hint">{hint}</p>}
          <input
            id={id}
            type={kind === 'date' ? 'date' : kind === 'number' ? 'number' : 'text'}
            value={value === undefined || value === null ? '' : String(value)}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(hint && hintId, invalid && errorId)}
            onChange={(event) => {
              const text = event.target.value;
              ctx.set(path, text === '' ? undefined : kind === 'number' ? Number(text) : text);
            }}
          />
          <FieldErrors id={errorId} issues={issues} />
        </div>
      );
    }
    case 'html': {
      const hintId = `${id}-hint`;
      return (
        <div className="op-field">
          <Suspense fallback={<p role="status" className="op-hint">{ctx.texts.loading}</p>}>
            <RichTextField id={id} label={shown} hint={ctx.texts.form.htmlHint} hintId={hintId} value={typeof value === 'string' ? value : undefined} invalid={invalid} errorId={errorId} texts={ctx.texts.form} onChange={(next) => ctx.set(path, next)} />
          </Suspense>
          <FieldErrors id={errorId} issues={issues} />
        </div>
      );
    }
    case 'select': {
      const options = schema.enum ?? [];
      return (
        <div className="op-field">
          <label htmlFor={id}>{shown}</label>
          <select id={id} value={value === undefined ? '' : String(value)} aria-invalid={invalid || undefined} aria-describedby={describedBy(invalid && errorId)} onChange={(event) => ctx.set(path, event.target.value === '' ? undefined : options.find((option) => String(option) === event.target.value))}>
            {(!required || value === undefined) && <option value="">{ctx.texts.form.none}</option>}
            {options.map((option) => <option key={String(option)} value={String(option)}>{String(option)}</option>)}
          </select>
          <FieldErrors id={errorId} issues={issues} />
        </div>
      );
    }
    case 'boolean':
      return (
        <div className="op-field op-field--check">
          <label htmlFor={id}>
            <input id={id} type="checkbox" checked={value === undefined ? schema.default === true : value === true} aria-invalid={invalid || undefined} aria-describedby={describedBy(invalid && errorId)} onChange={(event) => ctx.set(path, event.target.checked)} />
            {' '}{label}
          </label>
          <FieldErrors id={errorId} issues={issues} />
        </div>
      );
    case 'checkboxes': {
      const options = schema.items?.enum ?? [];
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="op-fieldset">
          <legend>{shown}</legend>
          <div className="op-checks">
            {options.map((option) => (
              <label key={String(option)}>
                <input type="checkbox" checked={chosen.includes(option)} aria-invalid={invalid || undefined} aria-describedby={describedBy(invalid && errorId)} onChange={(event) => ctx.set(path, options.filter((each) => (each === option ? event.target.checked : chosen.includes(each))))} />
                {' '}{String(option)}
              </label>
            ))}
          </div>
          <FieldErrors id={errorId} issues={issues} />
        </fieldset>
      );
    }
    case 'object':
      return (
        <fieldset className="op-fieldset" aria-describedby={describedBy(invalid && errorId)}>
          <legend>{shown}</legend>
          <FieldErrors id={errorId} issues={issues} />
          <ObjectFields schema={schema} path={path} ctx={ctx} />
        </fieldset>
      );
    case 'record': {
      const entries = value && typeof value === 'object' ? Object.keys(value) : [];
      const inner = schema.additionalProperties as JsonSchema;
      return (
        <fieldset className="op-fieldset">
          <legend>{shown}</legend>
          <FieldErrors id={errorId} issues={issues} />
          {entries.map((key) => <SchemaField key={key} schema={inner} path={[...path, key]} label={key} required ctx={ctx} />)}
        </fieldset>
      );
    }
    case 'list':
      return <ListField schema={schema} path={path} label={label} shown={shown} value={value} issues={issues} errorId={errorId} ctx={ctx} />;
    case 'choice': {
      const key = discriminatorOf(schema) as string;
      const branch = branchFor(schema, value);
      const options = (schema.oneOf ?? schema.anyOf ?? []).map((each) => String(each.properties?.[key]?.const));
      const current = String(branch.properties?.[key]?.const);
      return (
        <fieldset className="op-fieldset">
          <legend>{shown}</legend>
          <div className="op-field">
            <label htmlFor={`${id}-kind`}>{`${ctx.texts.form.kind}: ${humanise(key)}`}</label>
            <select id={`${id}-kind`} value={current} onChange={(event) => {
              const next = (schema.oneOf ?? schema.anyOf ?? []).find((each) => String(each.properties?.[key]?.const) === event.target.value);
              if (next) ctx.set(path, skeleton(next));
            }}>
              {options.map((option) => <option key={option} value={option}>{option}</option>)}
            </select>
          </div>
          <FieldErrors id={errorId} issues={issuesAt(ctx.issues, path, false)} />
          <ObjectFields schema={branch} path={path} ctx={ctx} />
        </fieldset>
      );
    }
    case 'alternatives':
      return <SchemaField schema={branchFor(schema, value)} path={path} label={label} required={required} ctx={ctx} />;
    default:
      return <JsonField label={fillOperatorText(ctx.texts.form.json, { label: shown })} value={value} id={id} issues={issues} onChange={(next) => ctx.set(path, next)} texts={ctx.texts} />;
  }
}

/** The fields of an object node (keys starting with $ are notes for tools, kept as they are). */
export function ObjectFields({ schema, path, ctx }: { schema: JsonSchema; path: PathStep[]; ctx: FormContext }) {
  const required = new Set(schema.required ?? []);
  return (
    <>
      {Object.entries(schema.properties ?? {})
        .filter(([name]) => !name.startsWith('$'))
        .map(([name, property]) => <SchemaField key={name} schema={property} path={[...path, name]} label={humanise(name)} required={required.has(name)} ctx={ctx} />)}
    </>
  );
}

/** A list of objects (or of texts) as repeatable groups with Add and Remove. */
function ListField({ schema, path, label, shown, value, issues, errorId, ctx }: { schema: JsonSchema; path: PathStep[]; label: string; shown: string; value: unknown; issues: readonly ContentIssue[]; errorId: string; ctx: FormContext }) {
  const items = Array.isArray(value) ? value : [];
  const itemSchema = schema.items as JsonSchema;
  const simple = fieldKind(itemSchema) !== 'object' && fieldKind(itemSchema) !== 'choice';
  const full = schema.maxItems !== undefined && items.length >= schema.maxItems;
  return (
    <fieldset className="op-fieldset" aria-describedby={describedBy(issues.length > 0 && errorId)}>
      <legend>{shown}</legend>
      <FieldErrors id={errorId} issues={issues} />
      {items.map((_item, index) => {
        const itemLabel = fillOperatorText(ctx.texts.form.item, { label, number: index + 1 });
        const moveButton = (delta: -1 | 1) => {
          const to = index + delta;
          if (to < 0 || to >= items.length) return null;
          const buttonId = `${fieldId(ctx.idPrefix, path)}-move-${delta < 0 ? 'up' : 'down'}-${index}`;
          return (
            <button type="button" id={buttonId} className="op-button op-button--quiet" onClick={() => {
              const next = [...items];
              [next[index], next[to]] = [next[to], next[index]];
              ctx.set(path, next);
              // The focus moves with the item: its button of the same direction at its new place (or the other, at an end).
              requestAnimationFrame(() => {
                const base = `${fieldId(ctx.idPrefix, path)}-move-`;
                (document.getElementById(`${base}${delta < 0 ? 'up' : 'down'}-${to}`) ?? document.getElementById(`${base}${delta < 0 ? 'down' : 'up'}-${to}`))?.focus();
              });
            }}>
              {fillOperatorText(delta < 0 ? ctx.texts.form.moveUp : ctx.texts.form.moveDown, { label, number: index + 1 })}
            </button>
          );
        };
        const remove = (
          <span className="op-actions">
            {moveButton(-1)}
            {moveButton(1)}
            <button type="button" className="op-button op-button--quiet" onClick={() => ctx.set(path, items.filter((_each, at) => at !== index))}>
              {fillOperatorText(ctx.texts.form.removeItem, { label, number: index + 1 })}
            </button>
          </span>
        );
        return simple ? (
          <div key={index} className="op-list-item">
            <SchemaField schema={itemSchema} path={[...path, index]} label={itemLabel} required ctx={ctx} />
            {remove}
          </div>
        ) : (
          <fieldset key={index} className="op-fieldset op-list-item">
            <legend>{itemLabel}</legend>
            <ObjectFields schema={fieldKind(itemSchema) === 'choice' ? branchFor(itemSchema, items[index]) : itemSchema} path={[...path, index]} ctx={ctx} />
            {remove}
          </fieldset>
        );
      })}
      {!full && (
        <button type="button" className="op-button op-button--quiet" onClick={() => ctx.set(path, [...items, skeleton(itemSchema)])}>
          {fillOperatorText(ctx.texts.form.add, { label: label.toLowerCase() })}
        </button>
      )}
    </fieldset>
  );
}

/** A JSON text area for a part the form cannot render: the text is kept while it does not parse. */
export function JsonField({ label, value, id, issues, onChange, texts, rows = 8 }: { label: string; value: unknown; id: string; issues: readonly ContentIssue[]; onChange: (value: unknown) => void; texts: OperatorTexts['content']; rows?: number }) {
  const [text, setText] = useState(() => JSON.stringify(value ?? null, null, 2));
  const [parseError, setParseError] = useState<string | null>(null);
  const hintId = useId();
  const errorId = `${id}-error`;
  const messages: ReactNode[] = [];
  if (parseError) messages.push(fillOperatorText(texts.form.jsonInvalid, { message: parseError }));
  for (const issue of issues) messages.push(issue.message);
  return (
    <div className="op-field">
      <label htmlFor={id}>{label}</label>
      <p id={hintId} className="op-hint">{texts.form.jsonHint}</p>
      <textarea
        id={id}
        className="op-code"
        rows={rows}
        value={text}
        spellCheck={false}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={describedBy(hintId, messages.length > 0 && errorId)}
        onChange={(event) => {
          setText(event.target.value);
          try {
            const parsed: unknown = JSON.parse(event.target.value);
            setParseError(null);
            onChange(parsed);
          } catch (error) {
            setParseError(error instanceof Error ? error.message : String(error));
          }
        }}
      />
      {messages.length > 0 && <p id={errorId} className="op-field__error">{messages.join(' ')}</p>}
    </div>
  );
}
