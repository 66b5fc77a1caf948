/**
 * /rewards/ for a player: the reward list (`$rewards`, kept live by RewardsContextSubscription) with
 * one card per variant and its claim button, the Active bonuses with their wagering moving live
 * (`$bonuses`), Forfeit behind a confirmation, and the bonus checker where the brand has it.
 *
 * A claim goes to the platform, which credits once however often it is asked (a double click, two
 * tabs, a replay): the card shows the answer, which is the same Credited reward each time. A refusal
 * says why in the player's language, and offers no retry where retrying cannot help.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatDate } from '../../i18n/dates.ts';
import { fillText } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { ClaimRewardDocument, type RewardStatus } from '../../lib/graphql/generated/player.ts';
import { openOverlay } from '../overlay/store.ts';
import { $customer } from '../session/customer-store.ts';
import { playerRequest } from '../session/player-call.ts';
import { $player } from '../session/player-store.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { $bonuses, forfeitBonus, reloadBonuses, setBonusesLocale, type Bonus } from './bonuses-store.ts';
import BonusChecker from './BonusChecker.tsx';
import BonusProgress from './BonusProgress.tsx';
import { visibleRewards, type RewardEntry } from './reward-list.ts';
import { $rewards, reloadRewards, removeClaimedReward, rewardClaimed, rewardStatusIs, setRewardsLocale } from './rewards-store.ts';
import type { RewardsTexts } from './texts.ts';

/** Where the page's links lead, built on the server. */
export interface RewardsPaths {
  bonusTerms: string;
  /** The full terms (licences mga and est only); null elsewhere. */
  fullTerms: string | null;
  phoneVerification: string;
  /** A game's page with `{slug}` in place of the slug. */
  game: string;
}

interface Props {
  locale: Locale;
  texts: RewardsTexts;
  paths: RewardsPaths;
  /** The brand's bonusEnabled: false hides the bonus list and every bonus entry. */
  bonusEnabled: boolean;
  /** The BonusChecker toggle. */
  bonusChecker: boolean;
  /** EnablePhoneVerification on and not lifted for rewards by DisablePhoneVerificationForRewards. */
  phoneVerificationForRewards: boolean;
}

/** What a refused or failed claim says, and whether retrying can help. */
function claimFailure(error: unknown, texts: RewardsTexts): { message: string | null; status?: RewardStatus } {
  if (error instanceof GraphqlCallError && error.kind === 'RewardsBlocked') return { message: texts['rewards.error.RewardsBlocked'] };
  // The platform's own check of what the page already asks (a phone verified in another tab meanwhile undone, say).
  if (error instanceof GraphqlCallError && error.kind === 'PhoneVerificationRequired') return { message: texts['rewards.phoneRequired'] };
  if (error instanceof GraphqlCallError && error.kind === 'RewardNotClaimable') {
    const status = typeof error.extensions.status === 'string' ? (error.extensions.status as RewardStatus) : undefined;
    // Claimed already (another tab, a replay): the reward is the player's, which is no failure.
    if (status === 'Credited') return { message: null, status };
    return { message: texts['rewards.error.RewardNotClaimable'], ...(status ? { status } : {}) };
  }
  return { message: texts['rewards.error.generic'] };
}

/** The player's rewards and bonuses. */
export default function Rewards({ locale, texts, paths, bonusEnabled, bonusChecker, phoneVerificationForRewards }: Props) {
  setRewardsLocale(locale);
  setBonusesLocale(locale);
  const { status, list, live } = useStore($rewards);
  const customer = useStore($customer);
  const { player } = useStore($player);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [failures, setFailures] = useState<Readonly<Record<string, string>>>({});
  const blocked = customer?.isRewardsBlocked ?? false;
  const phoneMissing = phoneVerificationForRewards && player !== null && !player.isPhoneNumberVerified;
  const shown = visibleRewards(list, bonusEnabled);
  const date = (iso: string) => formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });

  const claim = async (entry: RewardEntry, thenPlay: string | null) => {
    if (pending.has(entry.assignationId)) return;
    setPending((current) => new Set(current).add(entry.assignationId));
    setFailures((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id !== entry.assignationId)));
    try {
      const { claimReward } = await playerRequest(ClaimRewardDocument, { assignationId: entry.assignationId, locale });
      rewardClaimed(claimReward);
      if (claimReward.reward.__typename === 'BonusMoneyDropReward') reloadBonuses();
      if (thenPlay && claimReward.status === 'Credited') location.assign(thenPlay);
    } catch (error) {
      const failure = claimFailure(error, texts);
      if (failure.status) rewardStatusIs(entry.assignationId, failure.status);
      const message = failure.message;
      if (message) setFailures((current) => ({ ...current, [entry.assignationId]: message }));
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(entry.assignationId);
        return next;
      });
    }
  };

  return (
    <div className="rewards" data-live={live}>
      {bonusChecker && bonusEnabled && (
        <button
          type="button"
          className="button button--secondary rewards__checker"
          onClick={() => openOverlay({ variant: 'bonus-checker', title: texts['rewards.checkerTitle'], body: <BonusChecker locale={locale} texts={texts} /> })}
        >
          {texts['rewards.checker']}
        </button>
      )}
      {blocked && <p className="rewards__notice" role="status" data-testid="rewards-blocked">{texts['rewards.blocked']}</p>}
      {!blocked && phoneMissing && (
        <p className="rewards__notice" data-testid="rewards-phone">
          {texts['rewards.phoneRequired']} <a href={paths.phoneVerification}>{texts['rewards.verifyPhone']}</a>
        </p>
      )}
      <section className="rewards__section" aria-labelledby="rewards-list-title">
        <h2 id="rewards-list-title">{texts['rewards.listTitle']}</h2>
        {status === 'LOADING' && <p role="status" aria-busy="true">{texts['common.loading']}</p>}
        {status === 'FAILED' && (
          <div className="rewards__error">
            <p role="alert">{texts['rewards.loadError']}</p>
            <button type="button" className="button button--secondary" onClick={reloadRewards}>{texts['rewards.retry']}</button>
          </div>
        )}
        {status === 'READY' && shown.length === 0 && <p className="rewards__empty">{texts['rewards.empty']}</p>}
        {shown.length > 0 && (
          <ul className="rewards__list" aria-live="polite">
            {shown.map((entry) => (
              <RewardCard
                key={entry.assignationId}
                entry={entry}
                texts={texts}
                paths={paths}
                locale={locale}
                date={date}
                canClaim={!blocked && !phoneMissing}
                busy={pending.has(entry.assignationId)}
                failure={failures[entry.assignationId] ?? null}
                onClaim={(thenPlay) => void claim(entry, thenPlay)}
              />
            ))}
          </ul>
        )}
      </section>
      {bonusEnabled && <ActiveBonuses locale={locale} texts={texts} paths={paths} date={date} />}
    </div>
  );
}

interface CardProps {
  entry: RewardEntry;
  texts: RewardsTexts;
  paths: RewardsPaths;
  locale: Locale;
  date: (iso: string) => string;
  canClaim: boolean;
  busy: boolean;
  failure: string | null;
  onClaim: (thenPlay: string | null) => void;
}

/** One reward: what it gives, when, and its claim button (or its final state). */
function RewardCard({ entry, texts, paths, locale, date, canClaim, busy, failure, onClaim }: CardProps) {
  const { item, reward, status } = entry;
  const variant = item?.reward;
  const titleId = `reward-${entry.assignationId}`;
  const gamePath = variant?.__typename === 'FreeSpinReward' ? paths.game.replace('{slug}', encodeURIComponent(variant.game.slug)) : null;
  const facts: [string, string][] = [];
  if (variant?.__typename === 'FreeSpinReward') {
    facts.push([texts['rewards.game'], variant.game.name], [texts['rewards.spinValue'], formatMoney(variant.value, variant.currency, locale)], [texts['rewards.betLevel'], String(variant.betLevel)]);
  } else if (variant?.__typename === 'MoneyDropReward') {
    facts.push([texts['rewards.amount'], formatMoney(variant.amount, variant.currency, locale)]);
  } else if (variant?.__typename === 'BonusMoneyDropReward') {
    facts.push(
      [texts['rewards.amount'], formatMoney(variant.amount, variant.currency, locale)],
      [texts['rewards.wageringRequirement'], fillText(texts['rewards.wageringFactor'], { factor: variant.wageringRequirementFactor })],
      [texts['rewards.maxPayout'], formatMoney(variant.maxPayout, variant.currency, locale)],
    );
  }
  const headline = variant?.__typename === 'FreeSpinReward' ? fillText(texts['rewards.freeSpins'], { count: variant.spins }) : null;
  return (
    <li className="reward-card" aria-labelledby={titleId} data-status={status} data-variant={variant?.__typename ?? 'pending'} data-testid="reward-card">
      <div className="reward-card__head">
        <h3 id={titleId}>{reward.name}</h3>
        <span className="reward-card__status">{texts[`rewards.status.${status}`]}</span>
      </div>
      {headline && <p className="reward-card__headline">{headline}</p>}
      {reward.rewardReason && <p className="reward-card__reason">{reward.rewardReason}</p>}
      {facts.length > 0 && (
        <dl className="reward-card__facts">
          {facts.map(([term, value]) => (
            <div key={term}><dt>{term}</dt><dd>{value}</dd></div>
          ))}
        </dl>
      )}
      {status === 'Scheduled' && reward.startsAt && <p className="reward-card__when">{fillText(texts['rewards.starts'], { date: date(reward.startsAt) })}</p>}
      {status === 'Unclaimed' && item?.expiresAt && <p className="reward-card__when">{fillText(texts['rewards.expires'], { date: date(item.expiresAt) })}</p>}
      {variant?.__typename === 'BonusMoneyDropReward' && (
        <p className="reward-card__terms">
          <a href={paths.bonusTerms}>{texts['rewards.bonusTerms']}</a>
          {paths.fullTerms && <> · <a href={paths.fullTerms}>{texts['rewards.fullTerms']}</a></>}
        </p>
      )}
      <div className="reward-card__actions">
        {status === 'Unclaimed' && canClaim && item && (
          <button type="button" className="button" disabled={busy} aria-describedby={titleId} onClick={() => onClaim(gamePath)}>
            {busy ? texts['rewards.claiming'] : gamePath ? texts['rewards.claimAndPlay'] : texts['rewards.claim']}
          </button>
        )}
        {status === 'Credited' && gamePath && <a className="button" href={gamePath}>{texts['rewards.play']}</a>}
        {status === 'Credited' && (
          <button type="button" className="button button--secondary reward-card__remove" onClick={() => removeClaimedReward(entry.assignationId)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{fillText(texts['rewards.remove'], { name: reward.name })}</span>
          </button>
        )}
      </div>
      {failure && <p className="reward-card__failure" role="alert">{failure}</p>}
    </li>
  );
}

/** The Active bonuses: wagering progress moving with each real round, terms links, Forfeit. */
function ActiveBonuses({ locale, texts, paths, date }: { locale: Locale; texts: RewardsTexts; paths: RewardsPaths; date: (iso: string) => string }) {
  const { status, bonuses } = useStore($bonuses);
  return (
    <section className="rewards__section" aria-labelledby="rewards-bonuses-title" data-testid="active-bonuses">
      <h2 id="rewards-bonuses-title">{texts['rewards.bonusesTitle']}</h2>
      {status === 'LOADING' && <p role="status" aria-busy="true">{texts['common.loading']}</p>}
      {status !== 'LOADING' && bonuses.length === 0 && <p className="rewards__empty">{texts['rewards.bonusesEmpty']}</p>}
      {bonuses.length > 0 && (
        <ul className="rewards__list">
          {bonuses.map((bonus) => <BonusCard key={bonus.id} bonus={bonus} locale={locale} texts={texts} paths={paths} date={date} />)}
        </ul>
      )}
    </section>
  );
}

function BonusCard({ bonus, locale, texts, paths, date }: { bonus: Bonus; locale: Locale; texts: RewardsTexts; paths: RewardsPaths; date: (iso: string) => string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = `bonus-${bonus.id}`;
  const confirm = () =>
    openOverlay({
      variant: 'confirmation',
      title: texts['rewards.forfeitTitle'],
      content: fillText(texts['rewards.forfeitBody'], { name: bonus.name }),
      okText: texts['rewards.forfeitConfirm'],
      onOk: () => {
        setBusy(true);
        forfeitBonus(bonus.id).catch(() => {
          setBusy(false);
          setFailure(texts['rewards.forfeitError']);
        });
      },
    });
  return (
    <li className="reward-card" aria-labelledby={titleId} data-testid="bonus-card">
      <div className="reward-card__head">
        <h3 id={titleId}>{bonus.name}</h3>
      </div>
      <dl className="reward-card__facts">
        <div><dt>{texts['rewards.amount']}</dt><dd>{formatMoney(bonus.amount, bonus.currency, locale)}</dd></div>
        <div><dt>{texts['rewards.maxPayout']}</dt><dd>{formatMoney(bonus.maxPayout, bonus.currency, locale)}</dd></div>
      </dl>
      <BonusProgress bonus={bonus} locale={locale} texts={texts} />
      <p className="reward-card__when">{fillText(texts['rewards.bonusExpires'], { date: date(bonus.expiresAt) })}</p>
      <p className="reward-card__terms">
        <a href={paths.bonusTerms}>{texts['rewards.bonusTerms']}</a>
        {paths.fullTerms && <> · <a href={paths.fullTerms}>{texts['rewards.fullTerms']}</a></>}
      </p>
      <div className="reward-card__actions">
        <button type="button" className="button button--secondary" disabled={busy} aria-describedby={titleId} onClick={confirm}>{texts['rewards.forfeit']}</button>
      </div>
      {failure && <p className="reward-card__failure" role="alert">{failure}</p>}
    </li>
  );
}
