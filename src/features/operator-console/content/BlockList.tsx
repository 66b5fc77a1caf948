/**
 * A layout's blocks in order (issue 32, editors): reordered by mouse or touch with the handle, and
 * by keyboard (focus the handle, Space, arrows, Space) through @dnd-kit (MIT), whose live region
 * announces each step in the console's words; added by type, removed after a confirmation (a modal
 * <dialog>), and each edited in its form generated from the block type's JSON Schema.
 */
import { useMemo, useRef, useState } from 'react';
import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors,
  type Announcements, type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { fillOperatorText } from '../../../i18n/operator/en.ts';
import { Message } from '../ui.tsx';
import { issuesAt, newBlockId, skeleton, type JsonSchema } from './schema-form.ts';
import { JsonField, ObjectFields, type FormContext } from './SchemaForm.tsx';

type Block = Record<string, unknown>;

interface Props {
  blocks: Block[];
  /** One key per block, in the same order, stable while blocks move or their ids change. */
  keys: string[];
  /** The block types' schemas (the layout schema's blocks.items.oneOf). */
  blockSchemas: JsonSchema[];
  /** Blocks whose form is open, by key. */
  open: ReadonlySet<string>;
  setOpen: (open: Set<string>) => void;
  onChange: (blocks: Block[], keys: string[]) => void;
  ctx: FormContext;
}

/** A block's name as editors read it: its id and type. */
function blockName(block: Block | undefined): string {
  return block ? `${String(block.id ?? '?')} (${String(block.type ?? '?')})` : '';
}

/** The schema of a block's type. */
function schemaOfType(schemas: JsonSchema[], type: unknown): JsonSchema | undefined {
  return schemas.find((schema) => schema.properties?.type?.const === type);
}

let nextKey = 0;
/** A key for a new block. */
export function blockKey(): string {
  nextKey += 1;
  return `block-${nextKey}`;
}

/** The layout's blocks as a sortable list. */
export function BlockList({ blocks, keys, blockSchemas, open, setOpen, onChange, ctx }: Props) {
  const t = ctx.texts.blocks;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const types = blockSchemas.map((schema) => String(schema.properties?.type?.const));
  const [newType, setNewType] = useState(types[0] ?? '');
  const [removing, setRemoving] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);

  const nameOf = (id: UniqueIdentifier) => blockName(blocks[keys.indexOf(String(id))]);
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : keys.indexOf(String(id)) + 1);
  const announcements: Announcements = useMemo(() => ({
    onDragStart: ({ active }) => fillOperatorText(t.pickedUp, { name: nameOf(active.id), position: positionOf(active.id), count: keys.length }),
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? fillOperatorText(t.movedOver, { name: nameOf(active.id), position: positionOf(over.id), count: keys.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? fillOperatorText(t.dropped, { name: nameOf(active.id), position: positionOf(over.id), count: keys.length }) : undefined),
    onDragCancel: ({ active }) => fillOperatorText(t.cancelled, { name: nameOf(active.id), position: positionOf(active.id) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [blocks, keys, t]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    onChange(arrayMove(blocks, from, to), arrayMove(keys, from, to));
  };

  const add = () => {
    const schema = schemaOfType(blockSchemas, newType);
    if (!schema) return;
    const id = newBlockId(newType, blocks.map((block) => String(block.id)));
    const key = blockKey();
    const block = { ...(skeleton(schema) as Block), id, type: newType };
    onChange([...blocks, block], [...keys, key]);
    setOpen(new Set([...open, key]));
    setStatus(fillOperatorText(t.added, { name: blockName(block) }));
  };

  const confirmRemove = () => {
    const index = removing === null ? -1 : keys.indexOf(removing);
    dialog.current?.close();
    if (index < 0) return;
    const name = blockName(blocks[index]);
    onChange(blocks.filter((_block, at) => at !== index), keys.filter((_key, at) => at !== index));
    setStatus(fillOperatorText(t.removed, { name }));
  };

  return (
    <section aria-labelledby="blocks-heading">
      <h2 id="blocks-heading">{t.heading}</h2>
      <p className="op-hint">{t.hint}</p>
      <Message tone="status">{status}</Message>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t.instructions } }}>
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <ol className="op-blocks">
            {blocks.map((block, index) => {
              const key = keys[index] as string;
              return (
                <SortableBlock
                  key={key}
                  sortKey={key}
                  block={block}
                  index={index}
                  count={blocks.length}
                  schema={schemaOfType(blockSchemas, block.type)}
                  isOpen={open.has(key)}
                  toggle={() => {
                    const next = new Set(open);
                    if (next.has(key)) next.delete(key);
                    else next.add(key);
                    setOpen(next);
                  }}
                  remove={() => {
                    setRemoving(key);
                    dialog.current?.showModal();
                  }}
                  ctx={ctx}
                />
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="op-actions op-add-block">
        <div className="op-field">
          <label htmlFor="new-block-type">{t.addType}</label>
          <select id="new-block-type" value={newType} onChange={(event) => setNewType(event.target.value)}>
            {types.map((type) => <option key={type} value={type}>{type}</option>)}
          </select>
        </div>
        <button type="button" className="op-button op-button--quiet" onClick={add}>{t.add}</button>
      </div>
      <dialog ref={dialog} className="op-dialog" aria-labelledby="remove-block-title" aria-describedby="remove-block-body" onClose={() => setRemoving(null)}>
        <h3 id="remove-block-title">{fillOperatorText(t.removeTitle, { name: removing ? blockName(blocks[keys.indexOf(removing)]) : '' })}</h3>
        <p id="remove-block-body">{t.removeBody}</p>
        <div className="op-actions">
          <button type="button" className="op-button op-button--danger" onClick={confirmRemove}>{t.removeConfirm}</button>
          <button type="button" className="op-button op-button--quiet" onClick={() => dialog.current?.close()}>{t.keep}</button>
        </div>
      </dialog>
    </section>
  );
}

/** One block of the list: its handle, name, Edit and Remove, and (open) its form. */
function SortableBlock({ sortKey, block, index, count, schema, isOpen, toggle, remove, ctx }: {
  sortKey: string; block: Block; index: number; count: number; schema: JsonSchema | undefined; isOpen: boolean;
  toggle: () => void; remove: () => void; ctx: FormContext;
}) {
  const t = ctx.texts.blocks;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: sortKey });
  const name = blockName(block);
  const prefix = `blocks.${index}`;
  const troubled = ctx.issues.some((issue) => issue.path === prefix || (issue.path ?? '').startsWith(`${prefix}.`));
  const formId = `block-form-${sortKey}`;
  const title = block.title && typeof block.title === 'object' ? (block.title as Record<string, unknown>)[ctx.locale] ?? (block.title as Record<string, unknown>).en : null;
  return (
    <li ref={setNodeRef} className={`op-block${isDragging ? ' op-block--dragging' : ''}`} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <div className="op-block__bar">
        <button type="button" className="op-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={fillOperatorText(t.handle, { name })}>
          <span aria-hidden="true">⠿</span>
        </button>
        <div className="op-block__name">
          <strong>{name}</strong>
          {typeof title === 'string' && <span className="op-hint"> {title}</span>}
          <span className="op-sr">{`, ${fillOperatorText(t.position, { position: index + 1, count })}`}</span>
          {troubled && <span className="op-block__problem">{` — ${t.hasProblems}`}</span>}
        </div>
        <div className="op-actions">
          <button type="button" className="op-button op-button--quiet" aria-expanded={isOpen} aria-controls={isOpen ? formId : undefined} onClick={toggle}>
            {isOpen ? t.close : t.edit}<span className="op-sr">{` ${name}`}</span>
          </button>
          <button type="button" className="op-button op-button--quiet" onClick={remove}>
            {t.remove}<span className="op-sr">{` ${name}`}</span>
          </button>
        </div>
      </div>
      {isOpen && (
        <div id={formId} role="group" aria-label={fillOperatorText(t.blockForm, { name })} className="op-block__form">
          {schema
            ? <ObjectFields schema={schema} path={['blocks', index]} ctx={ctx} />
            : <JsonField label={fillOperatorText(ctx.texts.form.json, { label: name })} value={block} id={`${formId}-json`} issues={issuesAt(ctx.issues, ['blocks', index], true)} onChange={(next) => ctx.set(['blocks', index], next)} texts={ctx.texts} />}
        </div>
      )}
    </li>
  );
}
