/**
 * The demo games' rules, pure and deterministic: given the server's secret and a round id they
 * always draw the same outcome, so a replayed round shows what it showed the first time and the
 * page can never choose a result. Five engines cover the catalogue:
 *
 * - slot: three reels, one centre payline (slots, jackpot, Megaways and instant-win titles);
 * - roulette: European single zero (table and live roulette);
 * - baccarat: punto banco with the standard third-card rules (baccarat and poker tables, live
 *   baccarat and live blackjack tables, which in this demo deal baccarat hands);
 * - blackjack: hit or stand against a dealer who stands on all 17s (blackjack tables);
 * - wheel: a money wheel game show (live game shows).
 *
 * Money here is bigint minor units; every payout is the stake times an integer ratio, rounded down.
 */
import { createHmac } from 'node:crypto';
import { PlatformError } from '../graphql/errors.ts';

/** A game engine. */
export type Engine = 'slot' | 'roulette' | 'baccarat' | 'blackjack' | 'wheel';

/** Which engine plays a catalogue game, and whether it runs as a live table on a timer. */
export function engineFor(game: { categories: readonly string[]; isLiveCasino: boolean }): { engine: Engine; live: boolean } {
  const has = (category: string) => game.categories.includes(category);
  if (game.isLiveCasino) {
    if (has('roulette')) return { engine: 'roulette', live: true };
    if (has('game-shows')) return { engine: 'wheel', live: true };
    return { engine: 'baccarat', live: true };
  }
  if (has('blackjack')) return { engine: 'blackjack', live: false };
  if (has('roulette')) return { engine: 'roulette', live: false };
  if (has('baccarat') || has('poker')) return { engine: 'baccarat', live: false };
  return { engine: 'slot', live: false };
}

/** How a game wants to be framed: the width over the height of its design, and whether its page lays out to any box. */
export interface GameFrameShape {
  aspectRatio: number;
  responsive: boolean;
}

/**
 * The frame shape of a catalogue game. Slots and live tables are designed 16:9 (a desktop slot's
 * usual shape, a dealer video's); the RNG card and roulette tables 4:3. Every demo game page lays
 * out to the box it gets (game-page.css), so a phone may frame it in all the room it has.
 */
export function frameShapeFor(game: { categories: readonly string[]; isLiveCasino: boolean }): GameFrameShape {
  const { engine, live } = engineFor(game);
  const table = !live && engine !== 'slot';
  return { aspectRatio: table ? 4 / 3 : 16 / 9, responsive: true };
}

/** A stream of uniform random integers drawn from HMAC-SHA256(key, label · block). */
export interface RoundRandom {
  /** An integer in [0, n), without modulo bias. */
  int(n: number): number;
}

/** The deterministic randomness of one round (or one live table round). */
export function roundRandom(key: string, label: string): RoundRandom {
  let block = 0;
  let words: number[] = [];
  const word = (): number => {
    if (words.length === 0) {
      const digest = createHmac('sha256', key).update(`${label}#${block++}`).digest();
      words = Array.from({ length: 8 }, (_, index) => digest.readUInt32BE(index * 4));
    }
    return words.shift() as number;
  };
  return {
    int(n) {
      if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new Error(`roundRandom.int needs 1 ≤ n ≤ 2^32, got ${n}`);
      // Reject the top sliver so every value is equally likely.
      const limit = Math.floor(0x100000000 / n) * n;
      for (;;) {
        const value = word();
        if (value < limit) return value % n;
      }
    },
  };
}

/** What a settled (or dealt) round produced. */
export interface EngineResult {
  /** JSON the page renders and the database keeps. */
  outcome: Record<string, unknown>;
  /** The total paid back (stake included), 0n for a loss. */
  winMinor: bigint;
}

// ---------------------------------------------------------------------------------------------
// Slot

/** Reel symbols, rarest first: weight on each reel, and the ratio paid for three (and two) on the line. */
export const SLOT_SYMBOLS = [
  { id: 'seven', label: 'Seven', glyph: '7', weight: 1, three: 500n, two: 10n },
  { id: 'bar', label: 'Bar', glyph: 'BAR', weight: 2, three: 100n, two: 5n },
  { id: 'star', label: 'Star', glyph: '★', weight: 4, three: 40n, two: 4n },
  { id: 'diamond', label: 'Diamond', glyph: '♦', weight: 6, three: 20n, two: 2n },
  { id: 'clover', label: 'Clover', glyph: '♣', weight: 8, three: 10n, two: 2n },
  { id: 'heart', label: 'Heart', glyph: '♥', weight: 11, three: 6n, two: 1n },
] as const;
const SLOT_WEIGHT = SLOT_SYMBOLS.reduce((sum, symbol) => sum + symbol.weight, 0);

function slotSymbol(random: RoundRandom): (typeof SLOT_SYMBOLS)[number] {
  let ticket = random.int(SLOT_WEIGHT);
  for (const symbol of SLOT_SYMBOLS) {
    ticket -= symbol.weight;
    if (ticket < 0) return symbol;
  }
  return SLOT_SYMBOLS[SLOT_SYMBOLS.length - 1] as (typeof SLOT_SYMBOLS)[number];
}

/**
 * Spins three reels of three rows. Pays the centre line: three alike pay `three` times the stake,
 * the first two alike pay `two` times. The return to player of this table is computed by
 * slotReturnToPlayer (96.1 %).
 */
export function spinSlot(random: RoundRandom, betMinor: bigint): EngineResult {
  const reels = [0, 1, 2].map(() => [slotSymbol(random), slotSymbol(random), slotSymbol(random)]);
  const line = reels.map((reel) => reel[1] as (typeof SLOT_SYMBOLS)[number]);
  const [a, b, c] = line as [(typeof SLOT_SYMBOLS)[number], (typeof SLOT_SYMBOLS)[number], (typeof SLOT_SYMBOLS)[number]];
  const ratio = a.id === b.id && b.id === c.id ? a.three : a.id === b.id ? a.two : 0n;
  return {
    outcome: {
      reels: reels.map((reel) => reel.map((symbol) => symbol.id)),
      line: line.map((symbol) => symbol.id),
      ratio: Number(ratio),
    },
    winMinor: betMinor * ratio,
  };
}

/** The slot's theoretical return to player, as a fraction (for the README and a test). */
export function slotReturnToPlayer(): number {
  let total = 0;
  for (const symbol of SLOT_SYMBOLS) {
    const p = symbol.weight / SLOT_WEIGHT;
    total += p * p * p * Number(symbol.three) + p * p * (1 - p) * Number(symbol.two);
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Roulette

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
/** The roulette bets and what each returns for a win (stake included). */
export const ROULETTE_BETS = {
  red: 2n, black: 2n, odd: 2n, even: 2n, low: 2n, high: 2n, dozen1: 3n, dozen2: 3n, dozen3: 3n, straight: 36n,
} as const;
/** A roulette bet. */
export type RouletteChoice = { bet: keyof typeof ROULETTE_BETS; number?: number };

/** The colour of a pocket. */
export function rouletteColour(pocket: number): 'green' | 'red' | 'black' {
  return pocket === 0 ? 'green' : RED.has(pocket) ? 'red' : 'black';
}

function rouletteWins(choice: RouletteChoice, pocket: number): boolean {
  if (choice.bet === 'straight') return pocket === choice.number;
  if (pocket === 0) return false;
  switch (choice.bet) {
    case 'red': return RED.has(pocket);
    case 'black': return !RED.has(pocket);
    case 'odd': return pocket % 2 === 1;
    case 'even': return pocket % 2 === 0;
    case 'low': return pocket <= 18;
    case 'high': return pocket >= 19;
    case 'dozen1': return pocket <= 12;
    case 'dozen2': return pocket >= 13 && pocket <= 24;
    case 'dozen3': return pocket >= 25;
  }
}

/** Draws a pocket (0-36); the random stream may be a player's round or a live table round. */
export function drawRoulette(random: RoundRandom): { pocket: number; colour: string } {
  const pocket = random.int(37);
  return { pocket, colour: rouletteColour(pocket) };
}

/** Settles a roulette bet on a drawn pocket. */
export function settleRoulette(choice: RouletteChoice, drawn: { pocket: number; colour: string }, betMinor: bigint): EngineResult {
  const won = rouletteWins(choice, drawn.pocket);
  return { outcome: { ...drawn, won }, winMinor: won ? betMinor * ROULETTE_BETS[choice.bet] : 0n };
}

// ---------------------------------------------------------------------------------------------
// Cards (baccarat and blackjack draw from an endless eight-deck shoe)

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const SUITS = ['♠', '♥', '♦', '♣'] as const;
const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
const RANK_NAMES = ['Ace', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Jack', 'Queen', 'King'] as const;

/** A playing card: rank 1 (ace) to 13 (king), suit 0-3. */
export interface Card {
  rank: number;
  suit: number;
  /** "A♠", "10♥" for the screen. */
  text: string;
  /** "Ace of spades" for screen readers. */
  name: string;
}

function card(rank: number, suit: number): Card {
  return { rank, suit, text: `${RANKS[rank - 1]}${SUITS[suit]}`, name: `${RANK_NAMES[rank - 1]} of ${SUIT_NAMES[suit]}` };
}

function drawCard(random: RoundRandom): Card {
  return card(random.int(13) + 1, random.int(4));
}

// ---------------------------------------------------------------------------------------------
// Baccarat

/** What a baccarat bet returns for a win as a fraction (numerator, denominator), stake included. */
const BACCARAT_RETURNS = { player: [2n, 1n], banker: [195n, 100n], tie: [9n, 1n] } as const;
/** A baccarat bet. */
export type BaccaratChoice = { side: keyof typeof BACCARAT_RETURNS };

const baccaratValue = (cards: readonly Card[]) => cards.reduce((sum, c) => sum + (c.rank >= 10 ? 0 : c.rank), 0) % 10;

/** Deals a punto banco coup with the standard third-card rules. */
export function drawBaccarat(random: RoundRandom): { player: Card[]; banker: Card[]; playerTotal: number; bankerTotal: number; winner: 'player' | 'banker' | 'tie' } {
  const player = [drawCard(random)];
  const banker = [drawCard(random)];
  player.push(drawCard(random));
  banker.push(drawCard(random));
  const natural = baccaratValue(player) >= 8 || baccaratValue(banker) >= 8;
  if (!natural) {
    let third: number | null = null;
    if (baccaratValue(player) <= 5) {
      const drawn = drawCard(random);
      player.push(drawn);
      third = drawn.rank >= 10 ? 0 : drawn.rank;
    }
    const b = baccaratValue(banker);
    const bankerDraws =
      third === null ? b <= 5
        : b <= 2 ? true
          : b === 3 ? third !== 8
            : b === 4 ? third >= 2 && third <= 7
              : b === 5 ? third >= 4 && third <= 7
                : b === 6 ? third === 6 || third === 7
                  : false;
    if (bankerDraws) banker.push(drawCard(random));
  }
  const playerTotal = baccaratValue(player);
  const bankerTotal = baccaratValue(banker);
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner };
}

/** Settles a baccarat bet: player 1:1, banker 0.95:1, tie 8:1; player and banker bets push on a tie. */
export function settleBaccarat(choice: BaccaratChoice, coup: ReturnType<typeof drawBaccarat>, betMinor: bigint): EngineResult {
  let winMinor = 0n;
  if (coup.winner === choice.side) {
    const [numerator, denominator] = BACCARAT_RETURNS[choice.side];
    winMinor = (betMinor * numerator) / denominator;
  } else if (coup.winner === 'tie') {
    winMinor = betMinor;
  }
  return { outcome: { ...coup, won: coup.winner === choice.side, push: coup.winner === 'tie' && choice.side !== 'tie' }, winMinor };
}

// ---------------------------------------------------------------------------------------------
// Blackjack

/** A blackjack hand in progress or finished (stored in the round's outcome). */
export interface BlackjackHand {
  player: Card[];
  dealer: Card[];
  /** How many cards were drawn from the round's stream. */
  drawn: number;
  finished: boolean;
  /** blackjack, win, push, lose, bust; null while playing. */
  result: 'blackjack' | 'win' | 'push' | 'lose' | 'bust' | null;
  playerTotal: number;
  dealerTotal: number;
}

/** Best total of a blackjack hand (an ace counts 11 when that does not bust). */
export function blackjackTotal(cards: readonly Card[]): number {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    total += c.rank === 1 ? 1 : Math.min(c.rank, 10);
    if (c.rank === 1) aces++;
  }
  return aces > 0 && total + 10 <= 21 ? total + 10 : total;
}

/** The card at a position of a round's stream (each card is its own HMAC draw, so actions can replay). */
function blackjackCard(key: string, roundLabel: string, index: number): Card {
  return drawCard(roundRandom(key, `${roundLabel}:card:${index}`));
}

function finishBlackjack(hand: BlackjackHand, key: string, roundLabel: string): BlackjackHand {
  const dealer = [...hand.dealer];
  let drawn = hand.drawn;
  const playerTotal = blackjackTotal(hand.player);
  if (playerTotal <= 21) {
    while (blackjackTotal(dealer) < 17) dealer.push(blackjackCard(key, roundLabel, drawn++));
  }
  const dealerTotal = blackjackTotal(dealer);
  const result = playerTotal > 21 ? 'bust' : dealerTotal > 21 || playerTotal > dealerTotal ? 'win' : playerTotal === dealerTotal ? 'push' : 'lose';
  return { ...hand, dealer, drawn, finished: true, result, playerTotal, dealerTotal };
}

/** Deals the opening hands; a natural on either side ends the round at once. */
export function dealBlackjack(key: string, roundLabel: string): BlackjackHand {
  const cards = [0, 1, 2, 3].map((index) => blackjackCard(key, roundLabel, index));
  const player = [cards[0] as Card, cards[2] as Card];
  const dealer = [cards[1] as Card, cards[3] as Card];
  const hand: BlackjackHand = { player, dealer, drawn: 4, finished: false, result: null, playerTotal: blackjackTotal(player), dealerTotal: blackjackTotal(dealer) };
  const playerNatural = hand.playerTotal === 21;
  const dealerNatural = hand.dealerTotal === 21;
  if (playerNatural || dealerNatural) {
    return { ...hand, finished: true, result: playerNatural && dealerNatural ? 'push' : playerNatural ? 'blackjack' : 'lose' };
  }
  return hand;
}

/** Applies hit or stand to an unfinished hand. */
export function actBlackjack(hand: BlackjackHand, action: 'hit' | 'stand', key: string, roundLabel: string): BlackjackHand {
  if (hand.finished) return hand;
  if (action === 'stand') return finishBlackjack(hand, key, roundLabel);
  const player = [...hand.player, blackjackCard(key, roundLabel, hand.drawn)];
  const next = { ...hand, player, drawn: hand.drawn + 1, playerTotal: blackjackTotal(player) };
  // 21 stands by itself; over 21 is a bust and the dealer does not draw.
  return next.playerTotal >= 21 ? finishBlackjack(next, key, roundLabel) : next;
}

/** What a finished hand pays back: a natural 3:2, a win 1:1, a push the stake. */
export function blackjackWin(hand: BlackjackHand, betMinor: bigint): bigint {
  switch (hand.result) {
    case 'blackjack': return (betMinor * 5n) / 2n;
    case 'win': return betMinor * 2n;
    case 'push': return betMinor;
    default: return 0n;
  }
}

/** The hand as the page may see it: the dealer's hole card stays hidden until the hand is over. */
export function visibleBlackjack(hand: BlackjackHand): Record<string, unknown> {
  if (hand.finished) return { ...hand };
  const [up] = hand.dealer;
  return { player: hand.player, dealer: up ? [up] : [], dealerHidden: 1, finished: false, result: null, playerTotal: hand.playerTotal, dealerTotal: up ? blackjackTotal([up]) : 0 };
}

// ---------------------------------------------------------------------------------------------
// Money wheel

/** The wheel's 54 segments, in wheel order; each number pays that many to one. */
export const WHEEL_SEGMENTS: readonly number[] = (() => {
  const counts: [number, number][] = [[40, 1], [10, 2], [5, 8], [2, 17], [1, 26]];
  // Spread each value evenly round the wheel, rarest first, each taking the next free segment.
  const wheel: number[] = Array.from({ length: 54 }, () => 0);
  for (const [value, count] of counts) {
    for (let i = 0; i < count; i++) {
      let index = Math.floor((i * 54) / count + value) % 54;
      while (wheel[index] !== 0) index = (index + 1) % 54;
      wheel[index] = value;
    }
  }
  return wheel;
})();
/** The numbers a wheel bet may name. */
export const WHEEL_CHOICES = ['1', '2', '5', '10', '40'] as const;
/** A wheel bet. */
export type WheelChoice = { segment: (typeof WHEEL_CHOICES)[number] };

/** Spins the wheel. */
export function drawWheel(random: RoundRandom): { index: number; value: number } {
  const index = random.int(WHEEL_SEGMENTS.length);
  return { index, value: WHEEL_SEGMENTS[index] as number };
}

/** Settles a wheel bet: the named number pays that many to one. */
export function settleWheel(choice: WheelChoice, drawn: { index: number; value: number }, betMinor: bigint): EngineResult {
  const won = Number(choice.segment) === drawn.value;
  return { outcome: { ...drawn, won }, winMinor: won ? betMinor * BigInt(drawn.value + 1) : 0n };
}

// ---------------------------------------------------------------------------------------------
// Choices and bet sizes

/** Checks the page's pick for an engine, with a message that says what is allowed. */
export function parseChoice(engine: Engine, raw: unknown): Record<string, unknown> | null {
  const value = (raw ?? {}) as Record<string, unknown>;
  const fail = (message: string): never => {
    throw new PlatformError('BadUserInput', message);
  };
  switch (engine) {
    case 'slot':
    case 'blackjack':
      return null;
    case 'roulette': {
      const bet = String(value.bet ?? '');
      if (!(bet in ROULETTE_BETS)) fail(`choice.bet "${bet}" is not a roulette bet: use one of ${Object.keys(ROULETTE_BETS).join(', ')}`);
      if (bet !== 'straight') return { bet };
      const number = Number(value.number);
      if (!Number.isInteger(number) || number < 0 || number > 36) fail('choice.number must be a whole number from 0 to 36 for a straight bet');
      return { bet, number };
    }
    case 'baccarat': {
      const side = String(value.side ?? '');
      if (!(side in BACCARAT_RETURNS)) fail(`choice.side "${side}" is not a baccarat bet: use player, banker or tie`);
      return { side };
    }
    case 'wheel': {
      const segment = String(value.segment ?? '');
      if (!(WHEEL_CHOICES as readonly string[]).includes(segment)) fail(`choice.segment "${segment}" is not on the wheel: use one of ${WHEEL_CHOICES.join(', ')}`);
      return { segment };
    }
  }
}

/** Draws the shared outcome of an engine (roulette pocket, baccarat coup, wheel segment). */
export function drawShared(engine: Exclude<Engine, 'slot' | 'blackjack'>, random: RoundRandom): Record<string, unknown> {
  switch (engine) {
    case 'roulette': return drawRoulette(random);
    case 'baccarat': return drawBaccarat(random);
    case 'wheel': return drawWheel(random);
  }
}

/** Settles a pick against a shared outcome. */
export function settleShared(engine: Exclude<Engine, 'slot' | 'blackjack'>, choice: Record<string, unknown>, drawn: Record<string, unknown>, betMinor: bigint): EngineResult {
  switch (engine) {
    case 'roulette': return settleRoulette(choice as RouletteChoice, drawn as { pocket: number; colour: string }, betMinor);
    case 'baccarat': return settleBaccarat(choice as BaccaratChoice, drawn as ReturnType<typeof drawBaccarat>, betMinor);
    case 'wheel': return settleWheel(choice as WheelChoice, drawn as { index: number; value: number }, betMinor);
  }
}

/** Bet sizes for the selector: the minimum, 1-2-5 steps in between, and the maximum. */
export function betSteps(minMinor: bigint, maxMinor: bigint): bigint[] {
  const steps = new Set<bigint>([minMinor, maxMinor]);
  for (let power = 1n; power <= maxMinor; power *= 10n) {
    for (const factor of [1n, 2n, 5n]) {
      const value = factor * power;
      if (value > minMinor && value < maxMinor) steps.add(value);
    }
  }
  return [...steps].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
