/**
 * `$bonuses`: the signed-in player's Active bonuses with their wagering (spec section 3, bonus-like
 * status). Lifecycle: read when /rewards/ (or the bonus checker) first listens; read again a moment
 * after each balance event that touches a bonus (a stake moving wageringProgress, a bonus credited,
 * converted or forfeited), so the progress moves live as real rounds are played.
 */
import { atom, onMount } from 'nanostores';
import { ActiveBonusesDocument, ForfeitBonusDocument, type BonusFieldsFragment } from '../../lib/graphql/generated/player.ts';
import { playerRequest } from '../session/player-call.ts';
import { $wallet, type BalanceUpdate } from '../wallet/wallet-store.ts';

/** An Active bonus as the lobby shows it. */
export type Bonus = BonusFieldsFragment;

/** The bonuses, once read. */
export interface BonusesState {
  status: 'LOADING' | 'READY' | 'FAILED';
  bonuses: Bonus[];
}

/** The player's Active bonuses. */
export const $bonuses = atom<BonusesState>({ status: 'LOADING', bonuses: [] });

/** Balance events arriving together (a round's stake and payout) lead to one read. */
const SETTLE_MS = 150;

let locale: string | null = null;

/** The locale bonus names are read in; set by the island before it listens. */
export function setBonusesLocale(value: string): void {
  locale ??= value;
}

/** Whether a balance event can have changed a bonus or its wagering. */
export function touchesBonus(update: BalanceUpdate): boolean {
  return update.wageringProgress !== null || update.transactionKind.startsWith('Bonus');
}

async function read(): Promise<void> {
  try {
    const data = await playerRequest(ActiveBonusesDocument, { locale });
    $bonuses.set({ status: 'READY', bonuses: data.viewer?.bonuses ?? [] });
  } catch (error) {
    console.warn('[rewards] The bonuses could not be read:', (error as Error).message);
    if ($bonuses.get().status === 'LOADING') $bonuses.set({ status: 'FAILED', bonuses: [] });
  }
}

onMount($bonuses, () => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = $wallet.get().lastUpdate;
  void read();
  const stop = $wallet.listen(({ lastUpdate }) => {
    if (!lastUpdate || lastUpdate === last) return;
    last = lastUpdate;
    if (!touchesBonus(lastUpdate)) return;
    clearTimeout(timer);
    timer = setTimeout(() => void read(), SETTLE_MS);
  });
  return () => {
    stop();
    clearTimeout(timer);
    $bonuses.set({ status: 'LOADING', bonuses: [] });
  };
});

/** Forfeits an Active bonus and takes it off the list (a Forfeited one again answers unchanged). */
export async function forfeitBonus(bonusId: string): Promise<void> {
  await playerRequest(ForfeitBonusDocument, { bonusId, locale });
  $bonuses.set({ status: 'READY', bonuses: $bonuses.get().bonuses.filter((bonus) => bonus.id !== bonusId) });
}

/** Reads the bonuses again (a claimed bonus reward adds one). */
export function reloadBonuses(): void {
  void read();
}
