/**
 * The invented world the seeded catalogue is drawn from: studios, categories, lists and the words
 * game names are built of. Every name here is made up; none is a real studio or game brand.
 */

/** An invented studio and which kinds of game it makes (weight = share of its kind). */
export interface StudioSeed {
  slug: string;
  name: string;
  isLive: boolean;
  slotWeight: number;
  tableWeight: number;
  liveWeight: number;
  instantWeight: number;
}

/** The studios, in display order. Northwind Forge is deliberately large (> 50 games) for paging. */
export const STUDIOS: readonly StudioSeed[] = [
  { slug: 'northwind-forge', name: 'Northwind Forge', isLive: false, slotWeight: 7, tableWeight: 0, liveWeight: 0, instantWeight: 0 },
  { slug: 'lumen-reels', name: 'Lumen Reels', isLive: false, slotWeight: 4, tableWeight: 0, liveWeight: 0, instantWeight: 0 },
  { slug: 'copperfox-studios', name: 'Copperfox Studios', isLive: false, slotWeight: 3, tableWeight: 1, liveWeight: 0, instantWeight: 0 },
  { slug: 'tidewater-play', name: 'Tidewater Play', isLive: false, slotWeight: 3, tableWeight: 0, liveWeight: 0, instantWeight: 0 },
  { slug: 'obsidian-owl', name: 'Obsidian Owl', isLive: false, slotWeight: 3, tableWeight: 0, liveWeight: 0, instantWeight: 0 },
  { slug: 'saffron-circuit', name: 'Saffron Circuit', isLive: false, slotWeight: 2, tableWeight: 0, liveWeight: 0, instantWeight: 1 },
  { slug: 'glasshouse-gaming', name: 'Glasshouse Gaming', isLive: false, slotWeight: 2, tableWeight: 0, liveWeight: 0, instantWeight: 2 },
  { slug: 'redpine-interactive', name: 'Redpine Interactive', isLive: false, slotWeight: 2, tableWeight: 1, liveWeight: 0, instantWeight: 0 },
  { slug: 'quartzline', name: 'Quartzline', isLive: false, slotWeight: 2, tableWeight: 0, liveWeight: 0, instantWeight: 0 },
  { slug: 'emberlight-games', name: 'Emberlight Games', isLive: false, slotWeight: 2, tableWeight: 0, liveWeight: 0, instantWeight: 0 },
  { slug: 'velvet-comet', name: 'Velvet Comet', isLive: false, slotWeight: 2, tableWeight: 0, liveWeight: 0, instantWeight: 0 },
  { slug: 'moonquarry', name: 'Moonquarry', isLive: false, slotWeight: 2, tableWeight: 0, liveWeight: 0, instantWeight: 0 },
  { slug: 'pixel-meadow', name: 'Pixel Meadow', isLive: false, slotWeight: 1, tableWeight: 0, liveWeight: 0, instantWeight: 4 },
  { slug: 'oakhaven-tables', name: 'Oakhaven Tables', isLive: false, slotWeight: 0, tableWeight: 6, liveWeight: 0, instantWeight: 0 },
  { slug: 'kestrel-live', name: 'Kestrel Live', isLive: true, slotWeight: 0, tableWeight: 0, liveWeight: 3, instantWeight: 0 },
  { slug: 'harbourlight-live', name: 'Harbourlight Live', isLive: true, slotWeight: 0, tableWeight: 0, liveWeight: 2, instantWeight: 0 },
];

/** Game categories, in display order. */
export const CATEGORIES: readonly { slug: string; name: string }[] = [
  { slug: 'slots', name: 'Slots' },
  { slug: 'table-games', name: 'Table Games' },
  { slug: 'live-casino', name: 'Live Casino' },
  { slug: 'jackpots', name: 'Jackpots' },
  { slug: 'megaways', name: 'Megaways' },
  { slug: 'blackjack', name: 'Blackjack' },
  { slug: 'roulette', name: 'Roulette' },
  { slug: 'baccarat', name: 'Baccarat' },
  { slug: 'poker', name: 'Poker' },
  { slug: 'game-shows', name: 'Game Shows' },
  { slug: 'instant-win', name: 'Instant Win' },
];

/** The ten fixed lists every lobby links to (spec section 2), then the editorial extras. */
export const GAME_LISTS: readonly { slug: string; name: string; kind: 'fixed' | 'editorial' }[] = [
  { slug: 'blackjack', name: 'Blackjack', kind: 'fixed' },
  { slug: 'bonus', name: 'Bonus Games', kind: 'fixed' },
  { slug: 'hot-games', name: 'Hot Games', kind: 'fixed' },
  { slug: 'jackpots', name: 'Jackpots', kind: 'fixed' },
  { slug: 'live-casino', name: 'Live Casino', kind: 'fixed' },
  { slug: 'megaways', name: 'Megaways', kind: 'fixed' },
  { slug: 'new', name: 'New Games', kind: 'fixed' },
  { slug: 'roulette', name: 'Roulette', kind: 'fixed' },
  { slug: 'slots', name: 'Slots', kind: 'fixed' },
  { slug: 'table-games', name: 'Table Games', kind: 'fixed' },
  { slug: 'popular', name: 'Popular', kind: 'editorial' },
  { slug: 'recommended', name: 'Recommended', kind: 'editorial' },
  { slug: 'staff-picks', name: 'Staff Picks', kind: 'editorial' },
];

export const ADJECTIVES = [
  'Golden', 'Crimson', 'Frozen', 'Wild', 'Lucky', 'Mystic', 'Ancient', 'Neon', 'Velvet', 'Silver', 'Royal',
  'Hidden', 'Thunder', 'Starlit', 'Emerald', 'Sapphire', 'Solar', 'Lunar', 'Savage', 'Gilded', 'Copper', 'Jade',
  'Blazing', 'Midnight', 'Electric', 'Sunken', 'Painted', 'Whispering', 'Roaring', 'Crystal', 'Dancing',
  'Burning', 'Arctic', 'Tropical', 'Cosmic', 'Hollow', 'Cursed', 'Forgotten', 'Secret', 'Stormy', 'Amber',
  'Ivory', 'Scarlet', 'Twilight', 'Howling', 'Glowing', 'Rusty', 'Sugar', 'Candy', 'Misty',
] as const;

export const NOUNS = [
  'Fortune', 'Dragon', 'Tiger', 'Harvest', 'Voyage', 'Temple', 'Orchard', 'Lagoon', 'Fjord', 'Comet', 'Reef',
  'Citadel', 'Caravan', 'Lantern', 'Serpent', 'Phoenix', 'Buffalo', 'Wolves', 'Bandits', 'Raiders', 'Pirates',
  'Gems', 'Fruits', 'Bells', 'Sevens', 'Cherries', 'Kingdom', 'Jungle', 'Dunes', 'Nebula', 'Carnival', 'Circus',
  'Gardens', 'Mines', 'Riches', 'Treasures', 'Legends', 'Spirits', 'Owls', 'Foxes', 'Mammoth', 'Kraken',
  'Yeti', 'Samurai', 'Alchemist', 'Sorceress', 'Orbit', 'Meteor', 'Vault', 'Crown', 'Beacon', 'Glacier',
] as const;

export const PLACES = [
  'the North', 'the Deep', 'the Dunes', 'the Aurora', 'the Forge', 'the Lost Isle', 'the Copper Hills',
  'the Silent Sea', 'the Emerald Coast', 'the Sky Harbour', 'the Crystal Caves', 'the Red Canyon',
] as const;

export const SUFFIXES = ['Deluxe', 'Rising', 'Unleashed', 'Reloaded', 'Hold & Win', 'Extreme', 'Gold', 'Quest', 'II', 'Dream Drop'] as const;

export const TABLE_VARIANTS = {
  blackjack: [
    'Classic', 'European', 'Atlantic Coast', 'Single Deck', 'Double Deck', 'Multihand', 'High Roller', 'Perfect Pairs',
    'Pontoon', 'Double Exposure', 'Switch', 'Super Seven', 'Midnight', 'Copper', 'Royal Flush', 'Twin Deck',
    'Harbour', 'Frostbite', 'Zenith', 'Oasis',
  ],
  roulette: [
    'European', 'French', 'American', 'Double Ball', 'Mini', 'Multi-Wheel', 'Speed', 'Golden Chip', 'Neon',
    'Royal', 'Zodiac', 'Lunar', 'Triple Zero', 'Orbit', 'Compass', 'Crown', 'Spiral', 'Meteor', 'Marble', 'Tidal',
  ],
  baccarat: ['Punto Banco', 'Mini', 'Squeeze', 'No Commission', 'Dragon Tail', 'Golden', 'Speed', 'Jade', 'Velvet', 'Lotus', 'Coral', 'Silk'],
  poker: ['Caribbean Stud', 'Three Card', 'Casino Hold’em', 'Texas Draw', 'Oasis Stud', 'Red Dog', 'Let It Ride', 'Pai Gow', 'Ultimate Draw', 'Two Way'],
} as const;

export const LIVE_VENUES = [
  'Salon', 'Grand', 'Velvet', 'Harbour', 'Skyline', 'Emerald', 'Marble', 'Lounge', 'Diamond', 'Platinum',
  'Riviera', 'Aurora', 'Midnight', 'Atlas', 'Opal', 'Onyx', 'Ivory', 'Cedar', 'Summit', 'Lagoon',
] as const;

export const GAME_SHOWS = [
  'Spin Carnival', 'Wheel of Wonders', 'Coin Cascade', 'Dice Derby', 'Bingo Blast', 'Treasure Chest Show',
  'Mega Ball Drop', 'Prize Ladder', 'Lucky Letters', 'Cash Comet', 'Rocket Run', 'Balloon Bonanza',
  'Golden Vault Show', 'Hat Trick Heist', 'Mystery Doors', 'Funfair Frenzy', 'Lottery Lounge', 'Pinball Party',
] as const;

export const INSTANT_SHAPES = ['Scratch', 'Crash', 'Mines', 'Keno', 'Peg Drop', 'Dice', 'Rocket', 'Hi-Lo'] as const;
