/**
 * The content editor's rich-text field for HTML fields (`x-widget: 'html'`: legal page fragments,
 * promotion texts), built on TipTap (MIT). Its toolbar offers only what the lobby's sanitiser keeps
 * (h2, h3, p, strong, em, ul, ol, li, a to https:, mailto: or a lobby path); the field's value stays
 * the HTML string the document stores, and an "HTML source" toggle shows it in a textarea. The
 * platform's checks and the lobby's sanitiser stay the judges of what is stored and rendered.
 *
 * The toolbar is one tab stop with a roving tabindex (arrow keys, Home, End); the editing area is a
 * multi-line textbox labelled by the field's label and described by its hint and errors, and Tab
 * leaves it (lists do not take Tab to nest), so Shift+Tab reaches the toolbar from anywhere.
 */
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { ListItem } from '@tiptap/extension-list';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { fillOperatorText, type OperatorTexts } from '../../../i18n/operator/en.ts';
import { isAllowedLinkHref, storedHtml } from './rich-text.ts';
import { describedBy } from './schema-form.ts';

interface RichTextFieldProps {
  /** The editing area's id (a refused save focuses it by id or by aria-invalid). */
  id: string;
  label: string;
  hint: string;
  hintId: string;
  value: string | undefined;
  invalid: boolean;
  errorId: string;
  texts: OperatorTexts['content']['form'];
  onChange: (value: string | undefined) => void;
}

type Action = 'heading2' | 'heading3' | 'paragraph' | 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'link';
const ACTIONS: readonly Action[] = ['heading2', 'heading3', 'paragraph', 'bold', 'italic', 'bulletList', 'orderedList', 'link'];

/** Which toolbar actions apply at the selection. */
function activeActions(editor: Editor | null): Record<Action, boolean> {
  const is = (name: string, attributes?: Record<string, unknown>) => editor?.isActive(name, attributes) ?? false;
  return {
    heading2: is('heading', { level: 2 }),
    heading3: is('heading', { level: 3 }),
    paragraph: is('paragraph'),
    bold: is('bold'),
    italic: is('italic'),
    bulletList: is('bulletList'),
    orderedList: is('orderedList'),
    link: is('link'),
  };
}

/** A list item whose Tab and Shift+Tab move the focus as everywhere else (no keyboard trap); Enter splits it. */
const TabbableListItem = ListItem.extend({
  addKeyboardShortcuts() {
    return { Enter: () => this.editor.commands.splitListItem(this.name) };
  },
});

/** A rich-text field whose value is the stored HTML string, with its HTML source a toggle away. */
export default function RichTextField({ id, label, hint, hintId, value, invalid, errorId, texts, onChange }: RichTextFieldProps) {
  const t = texts.richText;
  const labelId = `${id}-label`;
  const sourceId = `${id}-source`;
  const linkId = useId();
  const [source, setSource] = useState(false);
  const [linking, setLinking] = useState<{ href: string; error: boolean } | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const linkInput = useRef<HTMLInputElement>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  const describedByIds = describedBy(hintId, invalid && errorId);
  const attributes: Record<string, string> = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class: 'op-rich__area',
    ...(describedByIds ? { 'aria-describedby': describedByIds } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  };
  const attributesKey = JSON.stringify(attributes);

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        hardBreak: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        trailingNode: false,
        listItem: false,
        link: {
          openOnClick: false,
          autolink: false,
          linkOnPaste: false,
          HTMLAttributes: { target: null, rel: null, class: null },
          isAllowedUri: (url) => isAllowedLinkHref(url),
        },
      }),
      TabbableListItem,
    ],
    content: value ?? '',
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => changed.current(storedHtml(current.getHTML(), current.isEmpty)),
  });
  const active = useEditorState({ editor, selector: ({ editor: current }) => activeActions(current) }) ?? activeActions(null);

  // A value changed elsewhere (another locale, the HTML source, a loaded version) replaces the editor's document.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (storedHtml(editor.getHTML(), editor.isEmpty) !== (value || undefined)) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  // The label, hint and error state follow the field's.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  useEffect(() => {
    if (linking) linkInput.current?.focus();
  }, [linking !== null]); // eslint-disable-line react-hooks/exhaustive-deps -- focus when the form opens only

  const run = (action: Action) => {
    if (!editor) return;
    if (action === 'link') {
      setLinking({ href: String(editor.getAttributes('link').href ?? ''), error: false });
      return;
    }
    // Built only now: a chain's focus() moves the focus at once, even if the chain is never run.
    const chain = editor.chain().focus();
    switch (action) {
      case 'heading2': chain.toggleHeading({ level: 2 }).run(); break;
      case 'heading3': chain.toggleHeading({ level: 3 }).run(); break;
      case 'paragraph': chain.setParagraph().run(); break;
      case 'bold': chain.toggleBold().run(); break;
      case 'italic': chain.toggleItalic().run(); break;
      case 'bulletList': chain.toggleBulletList().run(); break;
      case 'orderedList': chain.toggleOrderedList().run(); break;
    }
  };

  const closeLink = () => {
    setLinking(null);
    editor?.commands.focus();
  };

  const applyLink = () => {
    if (!editor || !linking) return;
    const href = linking.href.trim();
    if (!isAllowedLinkHref(href)) {
      setLinking({ ...linking, error: true });
      linkInput.current?.focus();
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href }).run();
    }
    setLinking(null);
  };

  const removeLink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    setLinking(null);
  };

  const shown = source ? [] : ACTIONS;
  const count = shown.length + 1;
  const current = Math.min(focusIndex, count - 1);
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = event.key === 'ArrowRight' ? current + 1 : event.key === 'ArrowLeft' ? current - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const index = (next + count) % count;
    setFocusIndex(index);
    buttons.current[index]?.focus();
  };

  return (
    <div className="op-rich">
      <span id={labelId} className="op-rich__label">{label}</span>
      <p id={hintId} className="op-hint">{hint}</p>
      <div role="toolbar" aria-label={fillOperatorText(t.toolbar, { label })} aria-controls={source ? sourceId : id} className="op-rich__toolbar" onKeyDown={onToolbarKey}>
        {shown.map((action, index) => (
          <button
            key={action}
            ref={(node) => { buttons.current[index] = node; }}
            type="button"
            className={`op-rich__button op-rich__button--${action}`}
            tabIndex={index === current ? 0 : -1}
            aria-pressed={action === 'link' ? active.link || linking !== null : active[action]}
            disabled={!editor}
            onFocus={() => setFocusIndex(index)}
            onClick={() => run(action)}
          >
            {t[action]}
          </button>
        ))}
        <button
          ref={(node) => { buttons.current[shown.length] = node; }}
          type="button"
          className="op-rich__button op-rich__button--source"
          tabIndex={current === shown.length ? 0 : -1}
          aria-pressed={source}
          onFocus={() => setFocusIndex(shown.length)}
          onClick={() => {
            setLinking(null);
            setSource(!source);
            setFocusIndex(source ? ACTIONS.length : 0);
          }}
        >
          {t.source}
        </button>
      </div>
      {linking && !source && (
        <div className="op-rich__link" role="group" aria-label={t.link}>
          <label htmlFor={linkId}>{t.linkAddress}</label>
          <p id={`${linkId}-hint`} className="op-hint">{t.linkHint}</p>
          <input
            ref={linkInput}
            id={linkId}
            type="text"
            inputMode="url"
            value={linking.href}
            aria-invalid={linking.error || undefined}
            aria-describedby={describedBy(`${linkId}-hint`, linking.error && `${linkId}-error`)}
            onChange={(event) => setLinking({ href: event.target.value, error: false })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                closeLink();
              }
            }}
          />
          {linking.error && <p id={`${linkId}-error`} className="op-field__error">{t.linkInvalid}</p>}
          <div className="op-rich__link-actions">
            <button type="button" className="op-button" onClick={applyLink}>{t.linkApply}</button>
            {active.link && <button type="button" className="op-button op-button--quiet" onClick={removeLink}>{t.linkRemove}</button>}
            <button type="button" className="op-button op-button--quiet" onClick={closeLink}>{t.linkCancel}</button>
          </div>
        </div>
      )}
      <div hidden={source}>
        <EditorContent editor={editor} />
      </div>
      {source && (
        <>
          <label htmlFor={sourceId} className="op-rich__source-label">{fillOperatorText(t.sourceLabel, { label })}</label>
          <textarea
            id={sourceId}
            className="op-code"
            rows={6}
            spellCheck={false}
            value={value ?? ''}
            aria-invalid={invalid || undefined}
            aria-describedby={describedByIds}
            onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          />
        </>
      )}
    </div>
  );
}
