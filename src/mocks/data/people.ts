import { lettersKey } from '../../lib/text-keys';
import { pick, pickWeighted, type Rng, type Weighted } from './prng';

/**
 * Name pools per origin. Real sign-up lists mix accents, apostrophes, hyphens and
 * non-Latin scripts; the dashboard, its search and its CSV export must cope with all of them.
 */
interface NamePool {
  readonly first: readonly string[];
  readonly last: readonly string[];
}

const FRENCH: NamePool = {
  first: [
    'Émilie',
    'François',
    'Zoë',
    'Jean-Philippe',
    'Marie-Ève',
    'Hélène',
    'Noémie',
    'Loïc',
    'Anaïs',
    'Gaëlle',
    'Jérôme',
    'Cédric',
    'Maëlle',
    'Thomas',
    'Camille',
    'Léa',
    'Lucas',
    'Chloé',
    'Hugo',
    'Inès',
    'Océane',
    'Benoît',
    'Françoise',
    'Stéphane',
    'Sébastien',
    'Raphaël',
    'Joël',
    'Aurélie',
    'Clémence',
    'Pierre-Luc',
    'Geneviève',
    'Mathieu',
  ],
  last: [
    'Dupont-Lajoie',
    "D'Amour",
    'Lefèvre',
    'Bérard',
    'Gagnon',
    'Tremblay',
    'Côté',
    'Bélanger',
    'Lévesque',
    'Roy',
    'Morin',
    'Dubois',
    'Girard',
    'Favre',
    'Rochat',
    'Perrin',
    'Martin',
    'Bernard',
    'Fournier',
    'Mercier',
    'Bouchard',
    'Gauthier',
    "L'Heureux",
    'Saint-Pierre',
    'Duchêne',
    'Lachapelle',
    'Chevrier',
    'Nguyen',
    'de la Fontaine',
    'Lemaître',
  ],
};

const ENGLISH: NamePool = {
  first: ['Liam', 'Siobhán', 'Aoife', 'Connor', 'Emily', 'James', 'Olivia', 'Seán', 'Niamh'],
  last: ["O'Brien", "O'Connor", 'McAllister', 'Smith', 'Walsh', 'Murphy', 'Fitzgerald', 'Kelly'],
};

const GERMAN: NamePool = {
  first: ['Jürgen', 'Björn', 'Anna-Lena', 'Lukas', 'Käthe', 'Mia'],
  last: ['Müller', 'Schäfer', 'Zürcher', 'Großmann', 'Vögeli', 'Brunner'],
};

const IBERIAN: NamePool = {
  first: ['José', 'María José', 'João', 'Ana', 'Núria', 'Iñaki'],
  last: ['García Márquez', 'Peña', 'Conceição', 'Muñoz', 'Gonçalves'],
};

const CHINESE: NamePool = { first: ['芳', '伟', '娜', '静', '王芳'], last: ['王', '李', '张', '刘', '陈'] };
const RUSSIAN: NamePool = {
  first: ['Алексей', 'Наталья', 'Дмитрий', 'Ольга'],
  last: ['Иванов', 'Смирнова', 'Кузнецов', 'Попова'],
};
const ARABIC: NamePool = { first: ['محمد', 'فاطمة', 'أحمد', 'ليلى'], last: ['العلي', 'حداد', 'منصور'] };
const GREEK: NamePool = {
  first: ['Ελένη', 'Γιώργος', 'Μαρία', 'Νίκος'],
  last: ['Παπαδοπούλου', 'Οικονόμου', 'Γεωργίου'],
};

const POOLS: readonly Weighted<NamePool>[] = [
  { value: FRENCH, weight: 70 },
  { value: ENGLISH, weight: 8 },
  { value: GERMAN, weight: 6 },
  { value: IBERIAN, weight: 5 },
  { value: CHINESE, weight: 4 },
  { value: RUSSIAN, weight: 3 },
  { value: ARABIC, weight: 2 },
  { value: GREEK, weight: 2 },
];

export interface Person {
  first: string;
  last: string;
}

export function randomPerson(rng: Rng): Person {
  const pool = pickWeighted(rng, POOLS);
  return { first: pick(rng, pool.first), last: pick(rng, pool.last) };
}

/** A French-sounding contact person, for the emergency-contact answers. */
export function randomFrenchPerson(rng: Rng): Person {
  return { first: pick(rng, FRENCH.first), last: pick(rng, FRENCH.last) };
}

// Names come from small pools: the same few come back thousands of times, each folded once.
const foldCache = new Map<string, string>();

/**
 * "Zoë D'Amour" -> "zoedamour": the way sign-up forms usually end up in e-mail local parts. The
 * app's own fold (lib/text-keys), so the demo's addresses are what the app reads from a name.
 */
export function asciiFold(text: string): string {
  const cached = foldCache.get(text);
  if (cached !== undefined) return cached;
  const folded = lettersKey(text).replace(/[^a-z0-9]/g, '');
  foldCache.set(text, folded);
  return folded;
}

// Reserved example domains (RFC 2606): a demo must never produce a deliverable address.
const DOMAINS = ['example.com', 'example.org', 'example.net'] as const;

export function emailFor(rng: Rng, person: Person, fallbackId: number): string {
  const first = asciiFold(person.first);
  const last = asciiFold(person.last);
  const domain = pick(rng, DOMAINS);
  // Non-Latin names fold to nothing; real people then pick an unrelated handle.
  if (first === '' || last === '') return `runner${fallbackId}@${domain}`;
  const suffix = rng() < 0.3 ? String(Math.floor(rng() * 100)) : '';
  return `${first}.${last}${suffix}@${domain}`;
}

/** Who started an order: later sign-ups of the same order may share their last name and e-mail. */
export interface Buyer {
  readonly person: Person;
  readonly email: string;
}

/**
 * The person and e-mail of the next sign-up. About one in eight joins the previous order (a
 * family, a club group), often with its buyer's last name and sometimes their e-mail; the
 * others start a new order (`newOrder`) and become its buyer.
 */
export function nextSignUp(
  rng: Rng,
  registrationId: number,
  buyer: Buyer | null,
): { person: Person; email: string; newOrder: boolean } {
  const sameOrder = buyer !== null && rng() < 0.12;
  let person = randomPerson(rng);
  let email = emailFor(rng, person, registrationId);
  if (!sameOrder || !buyer) return { person, email, newOrder: true };
  if (rng() < 0.7) person = { first: person.first, last: buyer.person.last };
  if (rng() < 0.5) email = buyer.email;
  return { person, email, newOrder: false };
}
