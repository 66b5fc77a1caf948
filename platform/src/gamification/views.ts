/**
 * The provider's answers as JSON, one shape for its REST (routes.ts) and its GraphQL (graphql.ts):
 * texts in one locale, money and scores as exact decimal strings (EUR, the provider's currency).
 * A score is EUR wagered ("12.50") or the best win over bet ("2.50" for 2.5x), as `scoring` says.
 */
import { localiseText } from '../content/resolve.ts';
import { formatMinor, parseAmount } from '../ledger/money.ts';
import { BASE_CURRENCY } from '../jackpot/currencies.ts';
import type { LoyaltyContent } from './content.ts';
import type { RankView } from './ranks.ts';
import type { MissionView, PlayerData, TournamentView } from './service.ts';
import type { LeaderboardEntry, Leaderboard } from './tournaments.ts';

const money = (minor: bigint) => formatMinor(minor, BASE_CURRENCY);

function rankJson(rank: RankView, locale: string) {
  return { level: rank.level, rank: localiseText(rank.rankCard.rank, locale), pointsFrom: rank.rankCard.pointsFrom };
}

/** GET v1/player and GetGamanzaInfo. */
export function playerJson(data: PlayerData, locale: string) {
  return {
    id: data.id,
    brand: data.brand,
    gamificationOpt: { enable: data.gamificationOpt.enable },
    isPlayerBlockedInGamanza: data.isPlayerBlockedInGamanza,
    playerGamificationDetails: {
      level: data.rank?.level ?? 0,
      rank: data.rank ? localiseText(data.rank.rankCard.rank, locale) : null,
      points: Number(data.points),
      nextLevel: data.nextRank ? rankJson(data.nextRank, locale) : null,
      pointsToNextLevel: data.nextRank ? Math.max(0, data.nextRank.rankCard.pointsFrom - Number(data.points)) : null,
    },
  };
}

/** A mission with progress: targets and progress are a count (rounds, deposits) or EUR (wager). */
export function missionJson(view: MissionView, locale: string) {
  const { mission } = view;
  const goal = 'rounds' in mission.goal ? 'rounds' : 'wager' in mission.goal ? 'wager' : 'deposits';
  const amount = (value: bigint) => (goal === 'wager' ? money(value) : value.toString());
  return {
    id: mission.id,
    title: localiseText(mission.title, locale),
    description: localiseText(mission.description, locale),
    image: mission.image,
    goal,
    games: typeof mission.games === 'string' ? mission.games : `category:${mission.games.category}`,
    target: amount(view.target),
    progress: amount(view.progress),
    percent: Number((view.progress * 100n) / view.target),
    completed: view.completed,
    reward: money(parseAmount(mission.reward, BASE_CURRENCY)),
    currency: BASE_CURRENCY,
    startsAt: mission.startsAt ?? null,
    endsAt: mission.endsAt ?? null,
  };
}

function entryJson(entry: LeaderboardEntry) {
  return { rank: entry.rank, initials: entry.initials, score: money(entry.score), rounds: entry.rounds, prize: money(entry.prizeMinor) };
}

/** A leaderboard: the top lines and the asking player's own (null for a visitor or before they score). */
export function leaderboardJson(board: Leaderboard | null) {
  return { entries: board ? board.entries.map(entryJson) : [], player: board?.player ? entryJson(board.player) : null };
}

/** A tournament's window with its leaderboard. */
export function tournamentJson(view: TournamentView, locale: string) {
  const { tournament } = view;
  return {
    id: view.instanceId,
    tournamentId: tournament.id,
    title: localiseText(tournament.title, locale),
    description: localiseText(tournament.description, locale),
    image: tournament.image,
    scoring: tournament.scoring,
    status: view.status,
    startsAt: view.startsAt.toISOString(),
    endsAt: view.endsAt.toISOString(),
    minBet: tournament.minBet,
    prizes: tournament.prizes.map((prize) => money(parseAmount(prize, BASE_CURRENCY))),
    currency: BASE_CURRENCY,
    leaderboard: leaderboardJson(view.leaderboard),
  };
}

/** The loyalty page (spec section 3, LoyaltyPage) in a locale. */
export function loyaltyPageJson(loyalty: LoyaltyContent, locale: string) {
  const text = (value: Parameters<typeof localiseText>[0]) => localiseText(value, locale);
  return {
    enabled: loyalty.settings.enabled,
    description: text(loyalty.description),
    rankCards: loyalty.rankCards.map((card, index) => ({
      level: index + 1, rank: text(card.rank), subtitle: text(card.subtitle), logo: card.logo, colour: card.colour,
      benefitsTitle: text(card.benefitsTitle), benefits: card.benefits.map(text), pointsFrom: card.pointsFrom,
    })),
    steps: loyalty.steps.map((step) => ({ title: text(step.title), subtitle: text(step.subtitle), description: text(step.description), image: step.image })),
    rewardCards: loyalty.rewardCards.map((card) => ({ title: text(card.title), description: text(card.description), image: card.image, colour: card.colour })),
    faq: loyalty.faq.map((item) => ({ question: text(item.question), answer: text(item.answer) })),
    termsAndConditions: text(loyalty.termsAndConditions),
    images: loyalty.images,
    pointsRate: { per: money(parseAmount(loyalty.settings.pointsRate.per, BASE_CURRENCY)), points: loyalty.settings.pointsRate.points, currency: BASE_CURRENCY },
  };
}
