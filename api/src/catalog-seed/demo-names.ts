import type { Random } from '../analysis/dev/synth/seeded-random';

const ADJECTIVES = [
  'Midnight',
  'Golden',
  'Electric',
  'Velvet',
  'Neon',
  'Silent',
  'Wild',
  'Crystal',
  'Summer',
  'Broken',
  'Lucky',
  'Paper',
  'Cosmic',
  'Lazy',
  'Hidden',
  'Burning',
];
const NOUNS = [
  'Drive',
  'Hearts',
  'Skyline',
  'Rain',
  'Echoes',
  'Parade',
  'Signal',
  'Garden',
  'Waves',
  'Motel',
  'Satellite',
  'Fever',
  'Harbor',
  'Dreams',
  'Circuit',
  'Lights',
];
const SUFFIXES = ['', '', '', ' (Remix)', ' (Live)', ' - Sped Up', ' (Acoustic)', ' [Extended]'];
const FIRST = ['Nova', 'Kai', 'Luna', 'Milo', 'Aria', 'Jonah', 'Zara', 'Theo', 'Iris', 'Leo', 'Maya', 'Finn'];
const LAST = ['Rivers', 'Stone', 'Vega', 'Hart', 'Quinn', 'Wolfe', 'Bloom', 'Frost', 'Reyes', 'Lane'];
const BANDS = ['The Night Owls', 'Glass Animals Club', 'Velvet Static', 'DJ Kilo', 'Lo-Fi Kids', 'Orbit & Co.'];
const ORIGINAL_TOPICS = [
  'morning routine',
  'street interview',
  'cooking tips',
  'rainy window',
  'city walk',
  'pep talk',
  'cat story',
  'gym motivation',
];
const CREATORS = ['@mia.creates', '@jonas_daily', '@lea.vlogs', '@the.sam.show', '@kitchen.kat', '@urban.ray'];

/** A music title and artist, deterministic for the random source. */
export function generateMusicName(random: Random): { audioName: string; artistName: string } {
  const audioName = `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}${random.pick(SUFFIXES)}`;
  const artistName = random.next() < 0.3 ? random.pick(BANDS) : `${random.pick(FIRST)} ${random.pick(LAST)}`;
  return { audioName, artistName };
}

/** An original sound is named after its creator, the way the platform names them. */
export function generateOriginalSoundName(random: Random): { audioName: string; artistName: string } {
  const creator = random.pick(CREATORS);
  return { audioName: `original sound - ${random.pick(ORIGINAL_TOPICS)}`, artistName: creator };
}

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** A reel code like the platform's (11 characters of base64url). */
export function generateReelCode(random: Random): string {
  let code = 'C';
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[Math.floor(random.next() * CODE_ALPHABET.length)];
  return code;
}
