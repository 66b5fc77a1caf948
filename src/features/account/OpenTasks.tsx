/**
 * The dashboard's open tasks: what the player still has to do (open-tasks.ts), each a link to the
 * page where it is done, from the live player (`$player`), so a task done elsewhere leaves at once.
 */
import { useStore } from '@nanostores/react';
import { fillText } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { formatDate } from '../../i18n/dates.ts';
import { $player } from '../session/player-store.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import type { TasksTexts } from './account-texts.ts';
import { openTasks, type TaskType } from './open-tasks.ts';

interface Props {
  locale: Locale;
  texts: TasksTexts;
  /** Where each task is done: the documents page, the source-of-wealth page, the cashier. */
  paths: Record<TaskType, string>;
}

/** The open tasks. */
export default function OpenTasks({ locale, texts, paths }: Props) {
  const hydrated = useHydrated();
  const { player } = useStore($player);
  if (!hydrated || !player) return <section className="account-card" aria-busy="true"><p>{texts.loading}</p></section>;
  const tasks = openTasks(player);
  const date = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'long' });
  return (
    <section className="account-card" aria-labelledby="open-tasks-title" data-testid="open-tasks">
      <h2 id="open-tasks-title">{texts.title}</h2>
      {tasks.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <ul className="account-card__list">
          {tasks.map((task) => (
            <li key={task.type} data-task={task.type}>
              <a href={paths[task.type]}>{texts.tasks[task.type].link}</a>
              <span>{texts.tasks[task.type].about}{task.dueDate && <> {fillText(texts.dueBy, { date: date(task.dueDate) })}</>}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
